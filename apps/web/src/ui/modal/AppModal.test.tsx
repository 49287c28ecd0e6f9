import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { AppModal } from "./AppModal";

describe("AppModal", () => {
  it("shows a long title once, whole, as the dialog's name; shows the content and closes", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const title = "Download dos arquivos do processo administrativo";
    renderWithMantine(
      <AppModal opened onClose={onClose} title={title}>
        <p>Selecione os documentos</p>
      </AppModal>,
    );
    const dialog = await screen.findByRole("dialog", { name: title });
    // Drawn once and never cut mid-word: the ellipsis is left to CSS where the header overflows.
    expect(screen.getAllByText(title)).toHaveLength(1);
    expect(screen.queryByText(/proce\.\.\.$/)).toBeNull();
    expect(screen.getByText(title)).toHaveStyle({ textOverflow: "ellipsis", whiteSpace: "nowrap" });
    expect(dialog).toHaveTextContent("Selecione os documentos");

    await user.click(screen.getByRole("button", { name: "Fechar" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("gives the full title as a tooltip only when it overflows the header", async () => {
    const widths = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(500);
    const client = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(200);
    const title = "Download dos arquivos do processo administrativo";
    renderWithMantine(
      <AppModal opened onClose={() => {}} title={title}>
        <p>Conteúdo</p>
      </AppModal>,
    );
    await screen.findByRole("dialog", { name: title });
    expect(screen.getByText(title)).toHaveAttribute("title", title);
    widths.mockRestore();
    client.mockRestore();
  });

  it("names a dialog with a short title by it, without a tooltip", async () => {
    renderWithMantine(
      <AppModal opened onClose={() => {}} title="Cadastro de licitante">
        <p>Conteúdo</p>
      </AppModal>,
    );
    expect(await screen.findByRole("dialog", { name: "Cadastro de licitante" })).toBeInTheDocument();
    expect(screen.getByText("Cadastro de licitante")).not.toHaveAttribute("title");
  });

  it("renders nothing when closed", () => {
    renderWithMantine(
      <AppModal opened={false} onClose={() => {}} title="Título">
        <p>Conteúdo</p>
      </AppModal>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
