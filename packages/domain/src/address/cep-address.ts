// The postal-code (CEP) lookup shared by server and browser: the request's validation, the ViaCEP
// answer, its mapping to the address fields (notices-and-accounts §3 "Lookup results"), which fields
// the lookup locks (§2.17) and the texts of its failures (§5 "CNPJ and CEP", §8; planning §8).
import { CEP_INVALID_MESSAGE, isValidCep } from "../format/documents";
import { onlyDigits } from "../format/masks";
import { z } from "../schemas/zod";

/** planning "Address": a missing postal code. */
export const CEP_REQUIRED_MESSAGE = "CEP obrigatório";
/** §8 "CEP lookup fails": the title, and the server's answer when the service does not know the CEP. */
export const CEP_NOT_FOUND_MESSAGE = "Não encontrado";
/** §8 "CEP lookup fails": the text, and the server's answer when the service failed or timed out. */
export const CEP_LOOKUP_FAILED_MESSAGE = "Erro ao localizar dados do CEP";
/** planning §8 "CEP lookup": not found or failed, in the planning module's forms. */
export const PLANNING_CEP_LOOKUP_FAILED_MESSAGE = "Erro ao encontrar dados do CEP inserido.";

/** The address a CEP lookup gives (§3: cep → postalCode, logradouro → street, bairro → district, …). */
export interface AddressFromCep {
  /** 8 digits, no hyphen (as addresses are stored). */
  postalCode: string;
  street: string | null;
  /** ViaCEP's complemento: which part of the street the CEP covers ('lado ímpar'), often empty. */
  complement: string | null;
  district: string | null;
  city: string | null;
  /** The state's two-letter code. */
  state: string | null;
  /** The municipality's IBGE code (7 digits). */
  ibgeCode: string | null;
}

/**
 * The ViaCEP answer (`GET {base}/ws/{8 digits}/json/`); only the fields read here. An unknown CEP
 * is answered 200 `{"erro": "true"}` (older versions: the boolean true).
 */
export interface ViaCepAnswer {
  cep?: string;
  logradouro?: string;
  complemento?: string;
  unidade?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  estado?: string;
  regiao?: string;
  ibge?: string;
  gia?: string;
  ddd?: string;
  siafi?: string;
  erro?: boolean | string;
}

/** `POST integrations/getAddressByPostalCode`: a CEP, bare or masked #####-###, sent on as 8 digits. */
export const addressByPostalCodeSchema = z.object({
  postalCode: z
    .string({ error: CEP_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: CEP_REQUIRED_MESSAGE, abort: true })
    .refine((v) => isValidCep(v), CEP_INVALID_MESSAGE)
    .transform(onlyDigits),
});
export type AddressByPostalCodeInput = z.infer<typeof addressByPostalCodeSchema>;

const text = (value: unknown): string | null => {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
};

/** §3: an erro flag (true or "true") marks a CEP the service does not know. */
export function isViaCepNotFound(body: ViaCepAnswer): boolean {
  return body.erro === true || String(body.erro).toLowerCase() === "true";
}

/**
 * §3 mapping: cep → postalCode, logradouro → street, complemento → complement, bairro → district,
 * localidade → city, uf → state, ibge → ibgeCode; null when the erro flag marks a failure or the
 * answer carries no valid CEP.
 */
export function mapViaCepAnswer(body: ViaCepAnswer): AddressFromCep | null {
  if (isViaCepNotFound(body)) return null;
  const cep = text(body.cep);
  if (!cep || !isValidCep(cep)) return null;
  return {
    postalCode: onlyDigits(cep),
    street: text(body.logradouro),
    complement: text(body.complemento),
    district: text(body.bairro),
    city: text(body.localidade),
    state: text(body.uf)?.toUpperCase() ?? null,
    ibgeCode: text(body.ibge),
  };
}

/** The address fields a CEP lookup may fill and lock (the number and the complement stay the user's). */
export const CEP_LOCKABLE_FIELDS = ["street", "district", "city", "state"] as const;
export type CepLockableField = (typeof CEP_LOCKABLE_FIELDS)[number];

/**
 * §2.17: the lookup fills the address fields and makes them read-only. Only the fields it gave a
 * value are locked: a city-wide CEP has no street or district, and the user types those.
 */
export function cepLockedFields(address: AddressFromCep | null): CepLockableField[] {
  if (!address) return [];
  return CEP_LOCKABLE_FIELDS.filter((field) => address[field] !== null);
}
