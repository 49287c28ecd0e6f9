// The fields the registration forms share (issue 13): a body's (§5 "Buyer body form", "Competent
// authority", "Secretariat", "Staff user") and a supplier's (§3 "Supplier", §5 "Supplier register")
// texts, documents, phones and address — one rule each, so a CPF, a phone or a CEP is judged alike in
// every form and every call. Values come out bare (digits) for storage.
import {
  CEP_INVALID_MESSAGE,
  CPF_INVALID_MESSAGE,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  SERVER_CNPJ_INVALID_MESSAGE,
} from "../format/documents";
import { isStateCode } from "../reference/states";
import { REQUIRED_MESSAGE } from "./lots.schema";
import { z } from "./zod";

export const PHONE_INVALID_MESSAGE = "Telefone inválido: informe o DDD e o número";
export const STATE_INVALID_MESSAGE = "UF inválida";
export const IBGE_CODE_INVALID_MESSAGE = "Código IBGE inválido";

/** Digits of a CPF/CNPJ (the alphanumeric CNPJ keeps its letters, upper-cased). */
export const documentDigits = (s: string) => s.replace(/[\s.\-/]/g, "").toUpperCase();

export const requiredText = (max: number) =>
  z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max);

/** An optional text: absent, null or blank all become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const cnpjField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((v) => isValidCnpj(v), SERVER_CNPJ_INVALID_MESSAGE)
  .transform(documentDigits);

export const optionalCnpjField = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isValidCnpj(v), SERVER_CNPJ_INVALID_MESSAGE)
  .transform((v) => (v ? documentDigits(v) : null));

export const cpfField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((v) => isValidCpf(v), CPF_INVALID_MESSAGE)
  .transform(documentDigits);

/** §5 mask 'tel': (##) ####-#### or (##) #####-####, i.e. an area code and 8 or 9 digits. */
export function isValidPhoneNumber(raw: string): boolean {
  return /^[1-9]\d{9,10}$/.test(raw.replace(/\D/g, "")) && /^[\d\s()\-+]+$/.test(raw.trim());
}

export const phoneField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((v) => isValidPhoneNumber(v), PHONE_INVALID_MESSAGE)
  .transform((v) => v.replace(/\D/g, ""));

export const optionalPhoneField = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isValidPhoneNumber(v), PHONE_INVALID_MESSAGE)
  .transform((v) => (v ? v.replace(/\D/g, "") : null));

export const postalCodeField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .refine((v) => isValidCep(v), CEP_INVALID_MESSAGE)
  .transform((v) => v.replace(/\D/g, ""));

/**
 * §3 "Buyer" address, the supplier's too: the CEP's lookup fills street, district, city, state and the
 * IBGE code (§5 "Buyer body form"); number is typed; complement and IBGE code are optional.
 */
export const addressSchema = z.object(
  {
    postalCode: postalCodeField,
    street: requiredText(300),
    number: requiredText(30),
    district: requiredText(200),
    city: requiredText(200),
    state: z
      .string({ error: REQUIRED_MESSAGE })
      .trim()
      .toUpperCase()
      .refine((v) => isStateCode(v), STATE_INVALID_MESSAGE),
    complement: optionalText(200),
    ibgeCode: z
      .string()
      .trim()
      .nullish()
      .refine((v) => !v || /^\d{7}$/.test(v), IBGE_CODE_INVALID_MESSAGE)
      .transform((v) => (v ? v : null)),
  },
  { error: REQUIRED_MESSAGE },
);
export type AddressInput = z.infer<typeof addressSchema>;
