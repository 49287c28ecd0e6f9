import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithMantine } from "../../test/render";
import { CountedTextarea } from "./CountedTextarea";
import { filterMentions, mentionAt, normalizeForSearch } from "./mentions";

const people = [
  { value: "1", label: "João Silva" },
  { value: "2", label: "Joana Prado" },
  { value: "3", label: "Érica Souza" },
  { value: "4", label: "Marcos Lima" },
];

function Harness({ max = 20, initial = "" }: { max?: number; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <CountedTextarea label="Mensagem" value={value} onChange={setValue} maxLength={max} mentions={people} />
  );
}

describe("mention helpers", () => {
  it("ignores accents and case", () => {
    expect(normalizeForSearch("Érica JOÃO")).toBe("erica joao");
  });

  it("finds a mention at the start, after a space or after a newline only", () => {
    expect(mentionAt("@jo", 3)).toEqual({ start: 0, query: "jo" });
    expect(mentionAt("olá @ma", 7)).toEqual({ start: 4, query: "ma" });
    expect(mentionAt("linha\n@", 7)).toEqual({ start: 6, query: "" });
    expect(mentionAt("email@dominio", 13)).toBeNull();
    expect(mentionAt("@joão silva", 11)).toBeNull();
  });

  it("filters by prefix, not by substring", () => {
    expect(filterMentions(people, "jo").map((p) => p.label)).toEqual(["João Silva", "Joana Prado"]);
    expect(filterMentions(people, "eri").map((p) => p.label)).toEqual(["Érica Souza"]);
    expect(filterMentions(people, "silva")).toEqual([]);
  });
});

describe("CountedTextarea", () => {
  it("counts characters as 'current / max'", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={20} />);
    expect(screen.getByText("0 / 20")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Mensagem" }), "Prazo");
    expect(screen.getByText("5 / 20")).not.toHaveAttribute("data-limit-reached");
  });

  it("turns the counter to the error colour at the maximum", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={5} initial="abcd" />);
    expect(screen.getByText("4 / 5")).not.toHaveAttribute("data-limit-reached");
    await user.type(screen.getByRole("textbox", { name: "Mensagem" }), "e");
    const counter = screen.getByText("5 / 5");
    expect(counter).toHaveAttribute("data-limit-reached", "true");
    expect(counter.getAttribute("style") ?? "").toContain("red");
  });

  it("shows the error colour when a value arrives above the maximum", () => {
    renderWithMantine(<Harness max={3} initial="abcdef" />);
    expect(screen.getByText("6 / 3")).toHaveAttribute("data-limit-reached", "true");
  });

  it("opens the mention list after '@' and filters it by prefix ignoring accents", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={200} />);
    const box = screen.getByRole("textbox", { name: "Mensagem" });
    await user.type(box, "Olá @");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "João Silva",
      "Joana Prado",
      "Érica Souza",
      "Marcos Lima",
    ]);
    await user.type(box, "joa");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["João Silva", "Joana Prado"]);
    await user.type(box, "o");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["João Silva"]);
    await user.click(screen.getByRole("option", { name: "João Silva" }));
    expect(box).toHaveValue("Olá @João Silva ");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("does not open the list for an '@' inside a word", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={200} />);
    await user.type(screen.getByRole("textbox", { name: "Mensagem" }), "contato@");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("opens after a newline and picks with the keyboard", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={200} />);
    const box = screen.getByRole("textbox", { name: "Mensagem" });
    await user.type(box, "Prezados,{Enter}@e");
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await user.type(box, "{Enter}");
    expect(box).toHaveValue("Prezados,\n@Érica Souza ");
  });

  it("moves the highlighted option with the arrows and closes with Escape", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness max={200} />);
    const box = screen.getByRole("textbox", { name: "Mensagem" });
    await user.type(box, "@");
    expect(screen.getByRole("option", { name: "João Silva" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { name: "Joana Prado" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box).toHaveValue("@");
  });
});
