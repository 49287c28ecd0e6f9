import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../test/render";
import { PercentInput, percentText } from "./PercentInput";

function Harness({ initial = null, spy }: { initial?: number | null; spy?: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <PercentInput
      label="Variação mínima"
      value={value}
      onChange={(v) => {
        spy?.(v);
        setValue(v);
      }}
    />
  );
}

describe("percentText", () => {
  it("shows the number with a comma and the ' %' suffix", () => {
    expect(percentText(12.5, 2)).toBe("12,50 %");
    expect(percentText(0.29, 2)).toBe("0,29 %");
    expect(percentText(null, 2)).toBe("");
  });
});

describe("PercentInput", () => {
  it("fills from the right, keeps the ' %' suffix and reports the number", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Variação mínima" });
    await user.type(input, "1");
    expect(input).toHaveValue("0,01 %");
    await user.type(input, "250");
    expect(input).toHaveValue("12,50 %");
    expect(spy).toHaveBeenLastCalledWith(12.5);
  });

  it("shows an initial value and drops the last digit on Backspace", async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    renderWithMantine(<Harness initial={1} spy={spy} />);
    const input = screen.getByRole("textbox", { name: "Variação mínima" });
    expect(input).toHaveValue("1,00 %");
    await user.click(input);
    await user.keyboard("{Backspace}");
    expect(input).toHaveValue("0,10 %");
    expect(spy).toHaveBeenLastCalledWith(0.1);
  });
});
