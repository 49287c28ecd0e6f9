import { FileInput, MultiSelect, Select } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../test/render";
import { contrastRatio } from "../ui/contrast";

describe("theme defaults", () => {
  it("shows 'Nenhuma opção disponível' in an empty select", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Select label="Secretaria" data={[]} />);
    await user.click(screen.getAllByLabelText("Secretaria")[0] as HTMLElement);
    expect(await screen.findByText("Nenhuma opção disponível")).toBeInTheDocument();
  });

  it("shows 'Nenhuma opção disponível' when a searchable multi-select matches nothing", async () => {
    const user = userEvent.setup();
    renderWithMantine(<MultiSelect label="Modalidades" data={["Pregão Eletrônico"]} searchable />);
    await user.type(screen.getAllByLabelText("Modalidades")[0] as HTMLElement, "xyz");
    expect(await screen.findByText("Nenhuma opção disponível")).toBeInTheDocument();
  });
});

describe("notification defaults", () => {
  it("names every toast's close button 'Fechar'", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifications.show({ title: "Sala de negociações iniciada.", message: "Em caso de dúvidas…" });
    });
    expect(await screen.findByRole("button", { name: "Fechar" })).toBeInTheDocument();
  });

  it("writes a titled toast's text in the dimmed grey, not Mantine's lighter gray.6", async () => {
    renderWithMantine(<div />);
    act(() => {
      notifications.show({ title: "Usuário salvo com sucesso", message: "Enviamos um e-mail com o link." });
    });
    const text = await screen.findByText("Enviamos um e-mail com o link.");
    expect(text.style.color).toBe("var(--mantine-color-dimmed)");
  });
});

describe("dimmed text colour (issue 12 item 14)", () => {
  it("is gray.7 on the light scheme, which reads at least 4.5:1 on white", async () => {
    const { cssVariablesResolver, theme } = await import("./theme");
    const { mergeMantineTheme, DEFAULT_THEME } = await import("@mantine/core");
    const resolved = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
    expect(resolved.light["--mantine-color-dimmed"]).toBe("var(--mantine-color-gray-7)");
    expect(contrastRatio(DEFAULT_THEME.colors.gray[7], "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("file fields (issue 33)", () => {
  it("names the clear button of a clearable file field once a file is chosen", () => {
    const file = new File(["%PDF-"], "proposta.pdf", { type: "application/pdf" });
    renderWithMantine(<FileInput label="Anexo" clearable value={file} onChange={() => {}} />);
    expect(screen.getByRole("button", { name: "Remover arquivo" })).toBeInTheDocument();
  });
});
