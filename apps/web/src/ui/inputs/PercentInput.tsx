import { applyPercentMask, parsePercent } from "@certame/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";

export interface PercentInputProps extends Omit<TextInputProps, "value" | "onChange" | "type"> {
  /** The percent as a number (12.5 is '12,50 %'); null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Fraction digits (default 2). */
  decimals?: number;
}

/** Masked text of a percent: 12.5 → '12,50 %'. */
export function percentText(value: number | null, decimals: number): string {
  if (value === null || !Number.isFinite(value) || value < 0) return "";
  return applyPercentMask(String(Math.round(value * 10 ** decimals)), decimals);
}

/** A percent input: digits fill from the right, the ' %' suffix follows the number. */
export function PercentInput({ value, onChange, decimals = 2, onKeyDown, ...props }: PercentInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const shown = percentText(value, decimals);

  // The number grows from the right, so the caret always stays at the end.
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && document.activeElement === input) input.setSelectionRange(shown.length, shown.length);
  }, [shown]);

  const emit = (text: string) => {
    const masked = applyPercentMask(text, decimals);
    onChange(masked === "" ? null : parsePercent(masked, decimals));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => emit(event.currentTarget.value);

  // Backspace with the caret before the ' %' suffix would only delete a space: drop the last digit.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const wholeSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if ((event.key === "Backspace" || event.key === "Delete") && !wholeSelected) {
      event.preventDefault();
      emit(shown.replace(/\D/g, "").replace(/^0+/, "").slice(0, -1));
    }
    onKeyDown?.(event);
  };

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      placeholder={`0,${"0".repeat(decimals)} %`}
      {...props}
      ref={ref}
      value={shown}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      styles={{ input: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
    />
  );
}
