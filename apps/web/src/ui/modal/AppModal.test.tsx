import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { AppModal, truncateTitle } from "./AppModal";

describe("truncateTitle", () => {
  it("keeps titles of up to 30 characters", () => {
    expect(truncateTitle("Cadastro de licitante")).toBe("Cadastro de licitante");
    expect(truncateTitle("a".repeat(30))).toBe("a".repeat(30));
  });

  it("cuts after 30 characters and adds '...'", () => {
    expect(truncateTitle("Cadastro de produtos/serviços do catálogo")).toBe(
      "Cadastro de produtos/serviços ...",
    );
  });
});

describe("AppModal", () => {
  it("shows the truncated title with the full one on hover and as the dialog's name, the content, and closes", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const title = "Download dos arquivos do processo administrativo";
    renderWithMantine(
      <AppModal opened onClose={onClose} title={title}>
        <p>Selecione os documentos</p>
      </AppModal>,
    );
    const dialog = await screen.findByRole("dialog", { name: title });
    const shown = screen.getByText("Download dos arquivos do proce...");
    expect(shown.closest("[title]")).toHaveAttribute("title", title);
    expect(dialog).toHaveTextContent("Selecione os documentos");

    await user.click(screen.getByRole("button", { name: "Fechar" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("names a dialog with a short title by it", async () => {
    renderWithMantine(
      <AppModal opened onClose={() => {}} title="Cadastro de licitante">
        <p>Conteúdo</p>
      </AppModal>,
    );
    expect(await screen.findByRole("dialog", { name: "Cadastro de licitante" })).toBeInTheDocument();
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
