// A supplier's own registration (notices-and-accounts §2.12, §3 "Supplier", §4 "Supplier
// registration", §7 "Suppliers"). The spec names the calls (start → update / save information →
// complete) but shows neither their payloads nor their answers; these shapes are ours:
//
//   app/supplier/startRegistration   {credentialKind, documentNumber, corporateName? | name?, isSmallBusiness?}
//   app/supplier/updateRegistration  the company / individual data (supplierRegistrationDataSchema)
//   app/supplier/saveRegistrationInformation {declarations: [{id, accepted: true}]} (the seven of §2.12)
//   app/supplier/completeRegistration no body → {registrationStatus, analysisDueAt}
//   app/supplier/read                {supplierId?} → the supplier with address, declarations, documents
import { CREDENTIAL_KINDS, type CredentialKind } from "../enums/credential-kind";
import {
  CPF_INVALID_MESSAGE,
  isValidCnpj,
  isValidCpf,
  SERVER_CNPJ_INVALID_MESSAGE,
} from "../format/documents";
import { SUPPLIER_DECLARATION_IDS } from "../registration/declarations";
import { REQUIRED_MESSAGE } from "./lots.schema";
import {
  type AddressInput,
  addressSchema,
  cpfField,
  documentDigits,
  optionalPhoneField,
  optionalText,
  phoneField,
  requiredText,
} from "./registration-fields";
import { z } from "./zod";

const EMAIL_INVALID_MESSAGE = "E-mail inválido";
export const DECLARATION_UNKNOWN_MESSAGE = "Declaração desconhecida";
export const DECLARATION_NOT_ACCEPTED_MESSAGE = "A declaração deve ser aceita";

/** §3 "Supplier": the ME/EPP question of the register (§2.9), and its legal basis. */
export const SMALL_BUSINESS_QUESTION = "Sua empresa está enquadrada como ME/EPP?";
export const SMALL_BUSINESS_LEGAL_NOTE =
  "Declaro, sob as penas da lei, que a empresa se enquadra como microempresa (ME) ou empresa de pequeno porte (EPP) nos termos do art. 3º da Lei Complementar nº 123/2006, estando apta a usufruir do tratamento favorecido dos seus arts. 42 a 49, e que não se enquadra em nenhuma das vedações do § 4º do mesmo artigo.";

/** §3 "Buyer" address shape, shared by the supplier (schemas/registration-fields.ts). */
export const supplierAddressSchema = addressSchema;
export type SupplierAddress = AddressInput;

/** startRegistration: who the supplier is (the document cannot change afterwards). */
export const supplierStartRegistrationSchema = z
  .object({
    credentialKind: z.enum(CREDENTIAL_KINDS, { error: REQUIRED_MESSAGE }),
    documentNumber: z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(20),
    name: optionalText(300),
    corporateName: optionalText(300),
    isSmallBusiness: z.boolean().nullish(),
  })
  .superRefine((s, ctx) => {
    const valid =
      s.credentialKind === "INDIVIDUAL" ? isValidCpf(s.documentNumber) : isValidCnpj(s.documentNumber);
    if (!valid)
      ctx.addIssue({
        code: "custom",
        path: ["documentNumber"],
        message: s.credentialKind === "INDIVIDUAL" ? CPF_INVALID_MESSAGE : SERVER_CNPJ_INVALID_MESSAGE,
      });
  })
  .transform((s) => ({
    credentialKind: s.credentialKind,
    documentNumber: documentDigits(s.documentNumber),
    name: s.credentialKind === "INDIVIDUAL" ? s.name : null,
    corporateName: s.credentialKind === "INDIVIDUAL" ? null : s.corporateName,
    isSmallBusiness: s.credentialKind === "INDIVIDUAL" ? false : (s.isSmallBusiness ?? null),
  }));
export type SupplierStartRegistrationInput = z.infer<typeof supplierStartRegistrationSchema>;

const contactFields = {
  tradeName: optionalText(300),
  email: z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(254)
    .pipe(z.email(EMAIL_INVALID_MESSAGE))
    .transform((v) => v.toLowerCase()),
  phoneNumber: phoneField,
  cellphoneNumber: optionalPhoneField,
  address: supplierAddressSchema,
};

/** updateRegistration of a company (§3 "Supplier": corporateName, isSmallBusiness; the legal representative). */
export const supplierLegalPersonDataSchema = z.object({
  corporateName: requiredText(300),
  isSmallBusiness: z.boolean({ error: REQUIRED_MESSAGE }),
  tradeRepresentativeName: requiredText(300),
  tradeRepresentativeCpf: cpfField,
  ...contactFields,
});

/** updateRegistration of an individual (§3: name only; no ME/EPP, the person represents itself). */
export const supplierIndividualDataSchema = z.object({
  name: requiredText(300),
  ...contactFields,
});

export type SupplierLegalPersonData = z.infer<typeof supplierLegalPersonDataSchema>;
export type SupplierIndividualData = z.infer<typeof supplierIndividualDataSchema>;
export type SupplierRegistrationData = SupplierLegalPersonData | SupplierIndividualData;

/** The update schema of a supplier of this kind. */
export const supplierRegistrationDataSchema = (kind: CredentialKind) =>
  kind === "INDIVIDUAL" ? supplierIndividualDataSchema : supplierLegalPersonDataSchema;

/**
 * Renewal of an APPROVED registration (our rule; the spec shows none): contact data, trade name and
 * address change at once; who the supplier is — its name, its legal representative (both written in
 * the signed membership term) and its size (ME/EPP, which grants the favoured treatment of LC
 * 123/2006 in every process) — changes only through a new staff analysis: the registration goes back
 * to IN_PROGRESS, and a change of name or representative retires the signed term (it names the old
 * party), so a new one is signed before completing again.
 */
export const SUPPLIER_ANALYSED_FIELDS = [
  "corporateName",
  "name",
  "isSmallBusiness",
  "tradeRepresentativeName",
  "tradeRepresentativeCpf",
] as const;
export type SupplierAnalysedField = (typeof SUPPLIER_ANALYSED_FIELDS)[number];
/** The analysed fields the signed membership term names. */
export const SUPPLIER_TERM_FIELDS: readonly SupplierAnalysedField[] = [
  "corporateName",
  "name",
  "tradeRepresentativeName",
  "tradeRepresentativeCpf",
];

export const SUPPLIER_ANALYSED_FIELD_LABELS: Record<SupplierAnalysedField, string> = {
  corporateName: "Razão social",
  name: "Nome",
  isSmallBusiness: "Enquadramento ME/EPP",
  tradeRepresentativeName: "Nome do representante legal",
  tradeRepresentativeCpf: "CPF do representante legal",
};

/** The analysed fields whose value differs between the stored registration and the new data. */
export function changedAnalysedFields(
  stored: Partial<Record<SupplierAnalysedField, string | boolean | null>>,
  next: Partial<Record<SupplierAnalysedField, string | boolean | null>>,
): SupplierAnalysedField[] {
  return SUPPLIER_ANALYSED_FIELDS.filter((f) => f in next && (next[f] ?? null) !== (stored[f] ?? null));
}

/** saveRegistrationInformation: the declarations of §2.12 the supplier accepts (each must be accepted). */
export const supplierDeclarationsSchema = z.object({
  declarations: z
    .array(
      z.object({
        id: z
          .number({ error: DECLARATION_UNKNOWN_MESSAGE })
          .int(DECLARATION_UNKNOWN_MESSAGE)
          .refine((id) => SUPPLIER_DECLARATION_IDS.includes(id), DECLARATION_UNKNOWN_MESSAGE),
        accepted: z.literal(true, { error: DECLARATION_NOT_ACCEPTED_MESSAGE }),
      }),
      { error: REQUIRED_MESSAGE },
    )
    .min(1, REQUIRED_MESSAGE)
    .max(SUPPLIER_DECLARATION_IDS.length * 2),
});
export type SupplierDeclarationsInput = z.infer<typeof supplierDeclarationsSchema>;

/** app/supplier/read {supplierId?}: platform staff name one; a supplier reads its own. */
export const supplierReadSchema = z.object({
  supplierId: z.uuid("Identificador inválido").optional(),
});

/** The messages of the completion's missing parts (completeRegistration, 400 properties). */
export const DECLARATIONS_MISSING_MESSAGE = "Aceite as sete declarações antes de finalizar o cadastro.";
export const MEMBERSHIP_TERMS_MISSING_MESSAGE =
  "Anexe o termo de adesão assinado antes de finalizar o cadastro.";
export const MEMBERSHIP_TERMS_PDF_MESSAGE = "O termo de adesão assinado deve ser um arquivo PDF.";
