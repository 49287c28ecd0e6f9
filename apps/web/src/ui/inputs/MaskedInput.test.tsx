import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { caretAfterSignificant, MaskedInput, type TextMaskKind } from "./MaskedInput";

function Harness({
  mask,
  spy,
  initial = "",
}: {
  mask: TextMaskKind;
  spy?: (m: string, r: string) => void;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MaskedInput
      label="Campo"
      mask={mask}
      value={value}
      onChange={(masked, raw) => {
        spy?.(masked, raw);
        setValue(masked);
      }}
    />
  );
}

async function typeInto(mask: TextMaskKind, text: string) {
  const user = userEvent.setup();
  const spy = vi.fn();
  renderWithMantine(<Harness mask={mask} spy={spy} />);
  const input = screen.getByRole("textbox", { name: "Campo" });
  await user.type(input, text);
  return { input, spy, user };
}

describe("MaskedInput", () => {
  it.each([
    ["tel", "1133224455", "(11) 3322-4455"],
    ["tel", "11987654321", "(11) 98765-4321"],
    ["cpfCnpj", "12345678909", "123.456.789-09"],
    ["cpfCnpj", "11222333000181", "11.222.333/0001-81"],
    ["rg", "123456789", "12.345.678-9"],
    ["date", "25122026", "25/12/2026"],
    ["cep", "01310100", "01310-100"],
    ["creditCard", "4111111111111111", "4111 1111 1111 1111"],
    ["time", "0930", "09:30"],
    ["cvv", "1234", "123"],
    ["pncpControlNumber", "1234567800019010000012026", "12345678000190-1-000001/2026"],
  ] as const)("masks %s: %s → %s", async (mask, typed, expected) => {
    const { input } = await typeInto(mask, typed);
    expect(input).toHaveValue(expected);
  });

  it("reports the masked text and the raw characters", async () => {
    const { spy } = await typeInto("cep", "01310-100");
    expect(spy).toHaveBeenLastCalledWith("01310-100", "01310100");
  });

  it("ignores letters in digit-only masks", async () => {
    const { input } = await typeInto("date", "2a5b1c2d2026");
    expect(input).toHaveValue("25/12/2026");
  });

  it("accepts the alphanumeric CNPJ, upper-cased", async () => {
    const { input, spy } = await typeInto("cpfCnpj", "12abc34501de35");
    expect(input).toHaveValue("12.ABC.345/01DE-35");
    expect(spy).toHaveBeenLastCalledWith("12.ABC.345/01DE-35", "12ABC34501DE35");
  });

  it("keeps the caret after the edited character when typing in the middle", async () => {
    const user = userEvent.setup();
    renderWithMantine(<Harness mask="tel" initial="(11) 3322-4455" />);
    const input = screen.getByRole("textbox", { name: "Campo" }) as HTMLInputElement;
    await user.click(input);
    input.setSelectionRange(4, 4);
    await user.keyboard("9");
    expect(input).toHaveValue("(11) 93322-4455");
    expect(input.selectionStart).toBe(6);
  });

  it("shows a placeholder of the mask's shape", () => {
    renderWithMantine(<Harness mask="date" />);
    expect(screen.getByRole("textbox", { name: "Campo" })).toHaveAttribute("placeholder", "dd/mm/aaaa");
  });
});

describe("caretAfterSignificant", () => {
  it("places the caret after the n-th digit, skipping separators", () => {
    expect(caretAfterSignificant("(11) 3322-4455", 3, /\d/)).toBe(6);
    expect(caretAfterSignificant("(11) 3322-4455", 0, /\d/)).toBe(0);
    expect(caretAfterSignificant("(11) 3322-4455", 99, /\d/)).toBe(14);
  });
});
