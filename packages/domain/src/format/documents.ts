// CPF, CNPJ and CEP: check digits, formatting and the messages of notices-and-accounts §5
// ("CNPJ and CEP"; "Supplier register").
//
// CNPJ: both the numeric form and the alphanumeric form that the Receita Federal issues from July
// 2026 (IN RFB 2.229/2024) are accepted: 12 characters [0-9A-Z] then 2 numeric check digits, each
// character weighing its ASCII code minus 48 (so digits weigh as before and 'A' weighs 17).
import { applyPattern, MASK_PATTERNS, onlyAlphanumeric, onlyDigits } from "./masks";

export const CNPJ_INVALID_MESSAGE = "CNPJ inválido";
export const CPF_INVALID_MESSAGE = "CPF inválido";
export const CEP_INVALID_MESSAGE = "CEP inválido";
/** The server's CNPJ message, shown to the user as CNPJ_INVALID_MESSAGE (§5). */
export const SERVER_CNPJ_INVALID_MESSAGE = "Deve ser um CNPJ válido";

/** Lengths of the masked texts (§9 "Other": the constants 9 and 18 are these mask lengths). */
export const CEP_MASKED_LENGTH = MASK_PATTERNS.cep.length; // 9
export const CNPJ_MASKED_LENGTH = MASK_PATTERNS.cnpj.length; // 18
export const CPF_MASKED_LENGTH = MASK_PATTERNS.cpf.length; // 14

const DOCUMENT_PUNCTUATION = /[\s.\-/]/g;

function stripPunctuation(raw: string): string {
  return raw.replace(DOCUMENT_PUNCTUATION, "").toUpperCase();
}

function allSameCharacter(text: string): boolean {
  return text.split("").every((char) => char === text[0]);
}

function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  values.forEach((value, index) => {
    sum += value * (weights[index] ?? 0);
  });
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The two check digits of a CPF from its first 9 digits ('111444777' → '35'). */
export function computeCpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new RangeError("A base do CPF tem 9 dígitos");
  const values = base.split("").map(Number);
  const first = mod11CheckDigit(values, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11CheckDigit([...values, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CNPJ from its first 12 characters (digits or, since 2026, letters). */
export function computeCnpjCheckDigits(base: string): string {
  const normalized = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(normalized)) throw new RangeError("A base do CNPJ tem 12 caracteres");
  const values = normalized.split("").map((char) => char.charCodeAt(0) - 48);
  const first = mod11CheckDigit(values, CNPJ_FIRST_WEIGHTS);
  const second = mod11CheckDigit([...values, first], CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}

/**
 * A CPF, bare or masked (###.###.###-##): 11 digits, not all the same, with matching check digits.
 * Any character other than digits and the mask punctuation makes it invalid.
 */
export function isValidCpf(raw: string): boolean {
  const cpf = stripPunctuation(raw);
  if (!/^\d{11}$/.test(cpf) || allSameCharacter(cpf)) return false;
  return computeCpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

/**
 * A CNPJ, bare or masked (##.###.###/####-##): 14 characters (12 alphanumeric + 2 digits), not all
 * the same, with matching check digits.
 */
export function isValidCnpj(raw: string): boolean {
  const cnpj = stripPunctuation(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSameCharacter(cnpj)) return false;
  return computeCnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** A valid CPF (11 digits) or CNPJ (14 characters), chosen by length. */
export function isValidCpfOrCnpj(raw: string): boolean {
  const length = stripPunctuation(raw).length;
  if (length === 11) return isValidCpf(raw);
  if (length === 14) return isValidCnpj(raw);
  return false;
}

/** '52998224725' → '529.982.247-25' (partial input is masked progressively). */
export function formatCpf(raw: string): string {
  return applyPattern(MASK_PATTERNS.cpf, onlyDigits(raw));
}

/** '11222333000181' → '11.222.333/0001-81' (alphanumeric characters kept, upper-cased). */
export function formatCnpj(raw: string): string {
  return applyPattern(MASK_PATTERNS.cnpj, onlyAlphanumeric(raw));
}

/** CPF shape for up to 11 digits, CNPJ shape beyond or when there are letters. */
export function formatCpfOrCnpj(raw: string): string {
  const chars = onlyAlphanumeric(raw);
  return /[A-Z]/.test(chars) || chars.length > 11 ? formatCnpj(chars) : formatCpf(chars);
}

/** The form message for a CPF field: null when empty (required-ness is checked elsewhere) or valid. */
export function validateCpf(text: string): string | null {
  if (text.trim() === "") return null;
  return isValidCpf(text) ? null : CPF_INVALID_MESSAGE;
}

/**
 * §5: a CNPJ shorter than the mask (18 characters masked, 14 bare) or with wrong check digits is
 * 'CNPJ inválido'. Empty is left to the required rule (null).
 */
export function validateCnpj(text: string): string | null {
  if (text.trim() === "") return null;
  return isValidCnpj(text) ? null : CNPJ_INVALID_MESSAGE;
}

/** §5: the server message 'Deve ser um CNPJ válido' is shown as 'CNPJ inválido'; others pass through. */
export function cnpjMessageFromServer(message: string): string {
  return message.trim() === SERVER_CNPJ_INVALID_MESSAGE ? CNPJ_INVALID_MESSAGE : message;
}

/** A CEP is 8 digits, bare or masked #####-###. */
export function isValidCep(raw: string): boolean {
  return /^\d{8}$/.test(raw.trim().replace(/^(\d{5})-(\d{3})$/, "$1$2"));
}

/** '01310100' → '01310-100' (partial input is masked progressively). */
export function formatCep(raw: string): string {
  return applyPattern(MASK_PATTERNS.cep, onlyDigits(raw));
}

/** The form message for a CEP field: null when empty or well formed, else 'CEP inválido'. */
export function validateCep(text: string): string | null {
  if (text.trim() === "") return null;
  return isValidCep(text) ? null : CEP_INVALID_MESSAGE;
}

/** §5: the postal-code lookup fires once the CEP reaches its full length (8 digits). */
export function shouldLookupCep(text: string): boolean {
  return isValidCep(text);
}
