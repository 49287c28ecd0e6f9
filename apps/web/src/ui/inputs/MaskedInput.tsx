import { applyMask, type MaskKind } from "@certame/domain";
import { TextInput, type TextInputProps } from "@mantine/core";
import { type ChangeEvent, useLayoutEffect, useRef } from "react";

/** The masks of notices-and-accounts §5 except money, which has its own input (MoneyInput). */
export type TextMaskKind = Exclude<MaskKind, "money">;

const PLACEHOLDERS: Record<TextMaskKind, string> = {
  tel: "(00) 00000-0000",
  cpfCnpj: "CPF ou CNPJ",
  cpf: "000.000.000-00",
  cnpj: "00.000.000/0000-00",
  rg: "00.000.000-0",
  date: "dd/mm/aaaa",
  birth: "dd/mm/aaaa",
  cep: "00000-000",
  creditCard: "0000 0000 0000 0000",
  time: "hh:mm",
  cvv: "000",
  pncpControlNumber: "00000000000000-0-000000/0000",
};

/** The CNPJ may be alphanumeric (IN RFB 2.229/2024); every other mask keeps digits only. */
const significant = (kind: TextMaskKind): RegExp =>
  kind === "cnpj" || kind === "cpfCnpj" ? /[0-9A-Za-z]/ : /\d/;

function countSignificant(text: string, pattern: RegExp): number {
  let count = 0;
  for (const char of text) if (pattern.test(char)) count += 1;
  return count;
}

/** The caret index right after the `count`-th significant character of the masked text. */
export function caretAfterSignificant(masked: string, count: number, pattern: RegExp): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (pattern.test(masked.charAt(i))) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return masked.length;
}

export interface MaskedInputProps extends Omit<TextInputProps, "value" | "onChange"> {
  mask: TextMaskKind;
  /** The masked text, e.g. '01310-100'. */
  value: string;
  /** Called with the masked text and its significant characters ('01310100'). */
  onChange: (masked: string, raw: string) => void;
}

/** A text input that formats what is typed with one of the masks of §5, keeping the caret in place. */
export function MaskedInput({ mask, value, onChange, placeholder, ...props }: MaskedInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const pattern = significant(mask);

  useLayoutEffect(() => {
    const element = ref.current;
    if (pendingCaret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? typed.length;
    const masked = applyMask(mask, typed);
    pendingCaret.current = caretAfterSignificant(
      masked,
      countSignificant(typed.slice(0, caret), pattern),
      pattern,
    );
    const raw = [...masked].filter((c) => pattern.test(c)).join("");
    onChange(masked, mask === "cnpj" || mask === "cpfCnpj" ? raw.toUpperCase() : raw);
  };

  return (
    <TextInput
      inputMode={mask === "cnpj" || mask === "cpfCnpj" ? "text" : "numeric"}
      autoComplete="off"
      {...props}
      ref={ref}
      value={value}
      placeholder={placeholder ?? PLACEHOLDERS[mask]}
      onChange={handleChange}
    />
  );
}
