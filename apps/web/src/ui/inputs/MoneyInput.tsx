import { applyMoneyMask, type MoneyDecimals, parseBRL } from "@certame/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type ChangeEvent, type KeyboardEvent, useLayoutEffect, useRef } from "react";

export interface MoneyInputProps extends Omit<TextInputProps, "value" | "onChange" | "type"> {
  /** The amount as an integer scaled by 10^decimals (R$ 1.234,56 with 2 decimals is 123456); null when empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** decimalsNumber of the field: 2 (default) or 4. */
  decimals?: MoneyDecimals;
}

/** Masked text of a scaled amount: 123456 → 'R$ 1.234,56'. */
export function moneyText(value: number | null, decimals: MoneyDecimals): string {
  if (value === null || !Number.isSafeInteger(value) || value < 0) return "";
  return applyMoneyMask(String(value), decimals);
}

/**
 * The money input (§5, §9): 'R$ ' prefix, digits fill from the right like a cash register, up to
 * 7 integer digits and 2 or 4 decimals; the value is the scaled integer.
 */
export function MoneyInput({ value, onChange, decimals = 2, onKeyDown, ...props }: MoneyInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const shown = moneyText(value, decimals);

  // The number grows from the right, so the caret always stays at the end.
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && document.activeElement === input) input.setSelectionRange(shown.length, shown.length);
  }, [shown]);

  const emit = (text: string) => {
    const masked = applyMoneyMask(text, decimals);
    onChange(masked === "" ? null : parseBRL(masked, decimals));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => emit(event.currentTarget.value);

  // The caret lives at the end; Backspace drops the last digit even when a separator precedes it.
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
      placeholder={decimals === 4 ? "R$ 0,0000" : "R$ 0,00"}
      {...props}
      ref={ref}
      value={shown}
      onChange={handleChange}
      onKeyDown={handleKeyDown}
      styles={{ input: { textAlign: "right", fontVariantNumeric: "tabular-nums" } }}
    />
  );
}
