// FEBRABAN bank boleto ("bloqueto de cobrança"): the 44-digit barcode and the 47-digit digitable
// line ("linha digitável") of the FEBRABAN "Layout padrão de arrecadação/boleto" (Especificações
// técnicas para confecção de boleto de cobrança), with the due-date factor reset of 22/02/2025
// (BCB Carta Circular 4.216 / FEBRABAN).
//
// Barcode positions (1-based): 1–3 bank, 4 currency (9 = real), 5 general check digit (DAC),
// 6–9 due-date factor, 10–19 amount in centavos, 20–44 free field (bank-defined).
import { addDays, civilDate, civilDateKey, parseCivilDateKey, toEpochDay } from "../calendar/civil-date";

const CURRENCY_REAL = "9";
const MAX_AMOUNT_CENTS = 9_999_999_999; // 10 digits: R$ 99.999.999,99

// Factor = days since the base date. The 1997 base gives 1000 on 2000-07-03 and reaches 9999 on
// 2025-02-21; the next day the factor restarts at 1000, so the 2025 base is 2025-02-22 − 1000 days.
const BASE_1997 = toEpochDay(civilDate(1997, 10, 7));
const BASE_2025 = toEpochDay(civilDate(2025, 2, 22)) - 1000;
const FACTOR_MIN = 1000;
const FACTOR_MAX = 9999;

export type DueDateFactorCycle = "1997" | "2025";

/** Modulo 10 check digit: weights 2,1,2,1… from the right, digits of each product summed. */
export function modulo10(digits: string): number {
  assertDigits(digits, "modulo10");
  let sum = 0;
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product; // 1 + (product − 10): the digits of a 2-digit product
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The barcode's general check digit (position 5): modulo 11 with weights 2..9 cycling from the
 * right over the other 43 digits; 0, 10 and 11 become 1 (FEBRABAN: the DAC is never 0).
 */
export function barcodeCheckDigit(digits43: string): number {
  assertDigits(digits43, "código de barras sem DV", 43);
  let sum = 0;
  for (let i = digits43.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1)
    sum += Number(digits43[i]) * weight;
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/**
 * The check digit printed next to the bank code ("001-9"): modulo 11 with weights 2, 3, 4 from the
 * right, 10 → "X", 11 → "0". It matches 001-9, 033-7, 237-2, 341-7, 399-9, 748-X and 756-0; the
 * digits are assigned with each bank's compensation code, so some differ (Caixa prints 104-0 where
 * this gives X): pass the bank's own digit when it is known.
 */
export function bankCodeCheckDigit(bankCode: string): string {
  assertDigits(bankCode, "código do banco", 3);
  let sum = 0;
  for (let i = 2, weight = 2; i >= 0; i--, weight++) sum += Number(bankCode[i]) * weight;
  const dv = 11 - (sum % 11);
  return dv === 10 ? "X" : dv === 11 ? "0" : String(dv);
}

/** 'YYYY-MM-DD' → the 4-digit factor (1997 cycle until 2025-02-21, 2025 cycle from 2025-02-22). */
export function dueDateFactor(dueDate: string): string {
  const date = parseCivilDateKey(dueDate);
  if (!date) throw new Error(`Data de vencimento inválida: "${dueDate}" (AAAA-MM-DD)`);
  const day = toEpochDay(date);
  const factor = day >= BASE_2025 + FACTOR_MIN ? day - BASE_2025 : day - BASE_1997;
  if (factor < FACTOR_MIN) throw new Error(`Vencimento ${dueDate} anterior a 2000-07-03 (fator 1000)`);
  if (factor > FACTOR_MAX)
    throw new Error(`Vencimento ${dueDate} depois do fator 9999 do ciclo iniciado em 2025-02-22`);
  return String(factor);
}

/** The inverse of dueDateFactor: which cycle a factor belongs to is not in the barcode, so say it. */
export function dueDateFromFactor(factor: string, cycle: DueDateFactorCycle): string {
  if (!/^\d{4}$/.test(factor)) throw new Error(`Fator de vencimento inválido: "${factor}" (4 dígitos)`);
  const value = Number(factor);
  if (value < FACTOR_MIN) throw new Error(`Fator de vencimento ${factor} fora da faixa 1000–9999`);
  const base = cycle === "1997" ? BASE_1997 : BASE_2025;
  return civilDateKey(addDays(civilDate(1970, 1, 1), base + value));
}

export interface BoletoBarcodeInput {
  /** 3 digits (FEBRABAN compensation code, e.g. "001"). */
  bankCode: string;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
  amountCents: number;
  /** 25 digits, laid out by the bank (see bancoDoBrasilFreeField). */
  freeField: string;
}

/** The 44-digit barcode. An amount of zero is allowed: FEBRABAN's "valor a ser informado no caixa". */
export function buildBoletoBarcode(input: BoletoBarcodeInput): string {
  if (!/^\d{3}$/.test(input.bankCode))
    throw new Error(`Código do banco inválido: "${input.bankCode}" (3 dígitos)`);
  if (!/^\d{25}$/.test(input.freeField))
    throw new Error(`Campo livre inválido: "${input.freeField}" (25 dígitos)`);
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents < 0 ||
    input.amountCents > MAX_AMOUNT_CENTS
  )
    throw new Error(`Valor do boleto inválido: ${input.amountCents} (centavos inteiros de 0 a 9999999999)`);
  const factor = dueDateFactor(input.dueDate);
  const amount = String(input.amountCents).padStart(10, "0");
  const rest = `${factor}${amount}${input.freeField}`;
  const dv = barcodeCheckDigit(`${input.bankCode}${CURRENCY_REAL}${rest}`);
  return `${input.bankCode}${CURRENCY_REAL}${dv}${rest}`;
}

/** Barcode → 47-digit digitable line (fields 1–3 carry their own modulo 10 digit). */
export function digitableLineFromBarcode(barcode: string): string {
  assertDigits(barcode, "código de barras", 44);
  if (barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) !== Number(barcode[4]))
    throw new Error(`Código de barras com DV geral errado: ${barcode}`);
  const free = barcode.slice(19);
  const field1 = barcode.slice(0, 4) + free.slice(0, 5);
  const field2 = free.slice(5, 15);
  const field3 = free.slice(15, 25);
  return [
    field1 + modulo10(field1),
    field2 + modulo10(field2),
    field3 + modulo10(field3),
    barcode[4],
    barcode.slice(5, 19),
  ].join("");
}

/** Only the digits of a line typed or copied with its dots and spaces; null if not 47 digits. */
function lineDigits(line: string): string | null {
  const digits = line.replace(/[\s.]/g, "");
  return /^\d{47}$/.test(digits) ? digits : null;
}

function barcodeOfLineDigits(d: string): string {
  return d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
}

/** True when the line has 47 digits and its three field digits and the general digit are right. */
export function isValidDigitableLine(line: string): boolean {
  const d = lineDigits(line);
  if (!d) return false;
  const barcode = barcodeOfLineDigits(d);
  return (
    modulo10(d.slice(0, 9)) === Number(d[9]) &&
    modulo10(d.slice(10, 20)) === Number(d[20]) &&
    modulo10(d.slice(21, 31)) === Number(d[31]) &&
    barcodeCheckDigit(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4])
  );
}

/** Digitable line (raw or formatted) → 44-digit barcode; throws unless every check digit is right. */
export function barcodeFromDigitableLine(line: string): string {
  const d = lineDigits(line);
  if (!d) throw new Error(`Linha digitável inválida: "${line}" (47 dígitos)`);
  if (!isValidDigitableLine(d)) throw new Error(`Linha digitável com dígito verificador errado: "${line}"`);
  return barcodeOfLineDigits(d);
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE", as printed on the boleto. */
export function formatDigitableLine(line: string): string {
  const d = lineDigits(line);
  if (!d) throw new Error(`Linha digitável inválida: "${line}" (47 dígitos)`);
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
}

export interface BancoDoBrasilFreeFieldInput {
  /** 7-digit agreement ("convênio"). */
  agreement: string;
  /** The charge's number, up to 10 digits. */
  sequence: number;
  /** 2-digit wallet ("carteira"), e.g. "17". */
  wallet: string;
}

/** Banco do Brasil "nosso número" for 7-digit agreements: agreement + sequence in 10 digits (17). */
export function bancoDoBrasilOurNumber(agreement: string, sequence: number): string {
  if (!/^\d{7}$/.test(agreement)) throw new Error(`Convênio BB inválido: "${agreement}" (7 dígitos)`);
  if (!Number.isSafeInteger(sequence) || sequence < 0 || sequence > 9_999_999_999)
    throw new Error(`Sequencial do nosso número inválido: ${sequence} (até 10 dígitos)`);
  return agreement + String(sequence).padStart(10, "0");
}

/**
 * Banco do Brasil free field for 7-digit agreements (BB "Especificações do bloqueto", convênio de
 * 7 posições): "000000" + nosso número (17) + carteira (2) = 25 digits.
 */
export function bancoDoBrasilFreeField(input: BancoDoBrasilFreeFieldInput): string {
  if (!/^\d{2}$/.test(input.wallet)) throw new Error(`Carteira BB inválida: "${input.wallet}" (2 dígitos)`);
  return `000000${bancoDoBrasilOurNumber(input.agreement, input.sequence)}${input.wallet}`;
}

function assertDigits(digits: string, what: string, length?: number): void {
  if (!/^\d+$/.test(digits) || (length !== undefined && digits.length !== length))
    throw new Error(`${what}: esperados ${length ?? "apenas"} dígitos, recebido "${digits}"`);
}
