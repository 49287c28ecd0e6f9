import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { MoneyInput, moneyText } from "./MoneyInput";

function Harness({
  decimals,
  initial = null,
  spy,
}: {
  decimals?: 2 | 4;
  initial?: number | null;
  spy?: (v: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <MoneyInput
      label="Valor de referência"
      decimals={decimals}
      value={value}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

describe("moneyText", () => {
  it("formats scaled integers in BRL", () => {
    expect(moneyText(123456, 2)).toBe("R$ 1.234,56");
    expect(moneyText(5, 2)).toBe("R$ 0,05");
    expect(moneyText(123456, 4)).toBe("R$ 12,3456");
    expect(moneyText(null, 2)).toBe("");
  });
});

describe("MoneyInput", () => {
  it("fills from the right and reports the scaled integer", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Valor de referência" });
    await user.type(input, "123456");
    expect(input).toHaveValue("R$ 1.234,56");
    expect(spy).toHaveBeenLastCalledWith(123456);
  });

  it("ignores letters and stops at 7 integer digits", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Valor de referência" });
    await user.type(input, "12a345678901");
    expect(input).toHaveValue("R$ 1.234.567,89");
    expect(spy).toHaveBeenLastCalledWith(123456789);
  });

  it("works with 4 decimals", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness decimals={4} spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Valor de referência" });
    await user.type(input, "150000");
    expect(input).toHaveValue("R$ 15,0000");
    expect(spy).toHaveBeenLastCalledWith(150000);
    await user.type(input, "99999999999");
    expect(input).toHaveValue("R$ 1.500.009,9999");
  });

  it("drops the last digit on Backspace and empties to null", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness initial={1000} spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Valor de referência" });
    expect(input).toHaveValue("R$ 10,00");
    await user.click(input);
    await user.keyboard("{End}{Backspace}");
    expect(input).toHaveValue("R$ 1,00");
    expect(spy).toHaveBeenLastCalledWith(100);
    await user.keyboard("{Backspace}{Backspace}{Backspace}");
    expect(input).toHaveValue("");
    expect(spy).toHaveBeenLastCalledWith(null);
  });

  it("clears when everything is selected and deleted", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness initial={987} spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Valor de referência" });
    await user.tripleClick(input);
    await user.keyboard("{Backspace}");
    expect(input).toHaveValue("");
    expect(spy).toHaveBeenLastCalledWith(null);
  });
});
