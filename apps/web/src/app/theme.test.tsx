import { MultiSelect, Select } from "@mantine/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../test/render";

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
