// Input masks of notices-and-accounts §5 "Masks". A mask is applied progressively while the user
// types: each '#' takes the next character, and a literal is written only when a character follows
// it ('123' → cpf '123', '1234' → '123.4'); characters past the pattern are dropped.
import { applyMoneyMask, DEFAULT_MONEY_DECIMALS } from "./money";

export const MASK_PATTERNS = {
  tel: "(##) ####-####",
  cellphone: "(##) #####-####",
  cpf: "###.###.###-##",
  cnpj: "##.###.###/####-##",
  rg: "##.###.###-#",
  date: "##/##/####",
  cep: "#####-###",
  creditCard: "#### #### #### ####",
  time: "##:##",
  cvv: "###",
  pncpControlNumber: "##############-#-######/####",
} as const;

export const MASK_KINDS = [
  "tel",
  "cpfCnpj",
  "cpf",
  "cnpj",
  "rg",
  "date",
  "birth",
  "cep",
  "creditCard",
  "time",
  "cvv",
  "money",
  "pncpControlNumber",
] as const;
export type MaskKind = (typeof MASK_KINDS)[number];

export interface MaskOptions {
  /** Fraction digits of the money mask (decimalsNumber: 2 or 4; default 2). */
  decimals?: number;
}

/** Keeps only the digits 0–9. */
export function onlyDigits(raw: string): string {
  return raw.replace(/\D/g, "");
}

/**
 * Keeps letters A–Z (upper-cased) and digits. Used for the CNPJ, which the Receita Federal made
 * alphanumeric for new registrations from July 2026 (IN RFB 2.229/2024): 12 alphanumeric
 * characters followed by 2 numeric check digits, in the same ##.###.###/####-## shape.
 */
export function onlyAlphanumeric(raw: string): string {
  return raw.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** Fills `pattern` ('#' = one character) with `chars`, progressively (see the file header). */
export function applyPattern(pattern: string, chars: string): string {
  let out = "";
  let next = 0;
  for (const symbol of pattern) {
    if (next >= chars.length) break;
    if (symbol === "#") {
      out += chars[next];
      next += 1;
    } else {
      out += symbol;
    }
  }
  return out;
}

/** The number of '#' slots of a pattern (the digits it holds). */
export function patternCapacity(pattern: string): number {
  return pattern.split("").filter((symbol) => symbol === "#").length;
}

/** True when the CPF/CNPJ text should take the CNPJ shape: it has letters or more than 11 digits. */
export function looksLikeCnpj(raw: string): boolean {
  const chars = onlyAlphanumeric(raw);
  return /[A-Z]/.test(chars) || chars.length > patternCapacity(MASK_PATTERNS.cpf);
}

/**
 * Applies one mask of §5 to raw input:
 * - tel: (##) ####-#### up to 10 digits, (##) #####-#### with 11;
 * - cpfCnpj: ###.###.###-## up to 11 digits, ##.###.###/####-## beyond (or when letters are
 *   present: alphanumeric CNPJ);
 * - cpf, cnpj, rg, date/birth, cep, creditCard, time, cvv, pncpControlNumber: their fixed shape;
 * - money: 'R$ ' with up to 7 integer digits (see applyMoneyMask).
 */
export function applyMask(kind: MaskKind, raw: string, options: MaskOptions = {}): string {
  switch (kind) {
    case "tel": {
      const digits = onlyDigits(raw);
      const pattern =
        digits.length > patternCapacity(MASK_PATTERNS.tel) ? MASK_PATTERNS.cellphone : MASK_PATTERNS.tel;
      return applyPattern(pattern, digits);
    }
    case "cpfCnpj":
      return looksLikeCnpj(raw)
        ? applyPattern(MASK_PATTERNS.cnpj, onlyAlphanumeric(raw))
        : applyPattern(MASK_PATTERNS.cpf, onlyDigits(raw));
    case "cnpj":
      return applyPattern(MASK_PATTERNS.cnpj, onlyAlphanumeric(raw));
    case "birth":
      return applyPattern(MASK_PATTERNS.date, onlyDigits(raw));
    case "money":
      return applyMoneyMask(raw, options.decimals ?? DEFAULT_MONEY_DECIMALS);
    case "cpf":
    case "rg":
    case "date":
    case "cep":
    case "creditCard":
    case "time":
    case "cvv":
    case "pncpControlNumber":
      return applyPattern(MASK_PATTERNS[kind], onlyDigits(raw));
    default: {
      const unknownKind: never = kind;
      throw new RangeError(`Máscara desconhecida: ${String(unknownKind)}`);
    }
  }
}
