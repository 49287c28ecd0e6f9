// The public body's accreditation (notices-and-accounts §2.11, §3 "Buyer", "Secretariat", "Staff
// member", §5 "Buyer body form", "Competent authority", "Secretariat", "Staff user", §7 "Buyers,
// secretariats and staff"). One schema per payload, read by the server (errors named by property
// path, e.g. 'address.postalCode', 'competentAuthority.user.cpf') and by the wizard's forms.
import { STAFF_ROLES } from "../enums/staff-role";
import { parseDateBR } from "../format/dates";
import { accountEmail } from "./account.schema";
import { REQUIRED_MESSAGE } from "./lots.schema";
import {
  addressSchema,
  cnpjField,
  cpfField,
  optionalCnpjField,
  optionalText,
  phoneField,
  requiredText,
} from "./registration-fields";
import { z } from "./zod";

export const STAFF_ROLE_REQUIRED_MESSAGE = "Selecione ao menos um perfil de acesso";
export const APPOINTMENT_DATE_INVALID_MESSAGE = "Data inválida";

const UUID_MESSAGE = "Identificador inválido";

/** The accounts' own e-mail rule (sign-up), trimmed and lower-cased. */
const emailField = accountEmail;

/** §5 "Buyer body form": the address; postalCode's lookup fills street, district, ibgeCode, city, state. */
export const buyerAddressSchema = addressSchema;

/** A person of the body: the competent authority's user, a secretary (name, CPF, phone, e-mail required). */
export const buyerPersonSchema = z.object(
  {
    name: requiredText(200),
    email: emailField,
    cpf: cpfField,
    phoneNumber: phoneField,
  },
  { error: REQUIRED_MESSAGE },
);
export type BuyerPersonInput = z.infer<typeof buyerPersonSchema>;

/**
 * §5 "Competent authority": the name (required, read-only) and the CNPJ (optional, read-only) mirror
 * the body's corporate name and CNPJ, so the server stores the body's own values whatever is sent.
 */
export const competentAuthoritySchema = z.object(
  {
    name: optionalText(300),
    cnpj: optionalCnpjField,
    user: buyerPersonSchema,
  },
  { error: REQUIRED_MESSAGE },
);

/** app/buyer/saveRegistration and updateRegistration: the buyer object (§3 "Buyer", §5). */
export const buyerRegistrationSchema = z.object({
  cnpj: cnpjField,
  corporateName: requiredText(300),
  address: buyerAddressSchema,
  phoneNumber: phoneField,
  website: optionalText(300),
  competentAuthority: competentAuthoritySchema,
});
export type BuyerRegistrationInput = z.infer<typeof buyerRegistrationSchema>;

const idField = z.uuid(UUID_MESSAGE);

/** §3 "Secretariat" / §5: name and the responsible secretary required; cnpj optional. */
export const secretaryOfficeSchema = z.object({
  name: requiredText(300),
  cnpj: optionalCnpjField,
  kind: z.string().trim().max(50).default("default"),
  user: buyerPersonSchema,
});
export type SecretaryOfficeInput = z.infer<typeof secretaryOfficeSchema>;

/** buyerSecretaryOffice/create {buyerSecretaryOfficeData} (§7). */
export const secretaryOfficeCreateSchema = z.object({
  buyerSecretaryOfficeData: z.array(secretaryOfficeSchema, { error: REQUIRED_MESSAGE }).min(1).max(50),
});
/** buyerSecretaryOffice/edit {buyerSecretaryOfficeData}: each row names the secretariat it changes. */
export const secretaryOfficeEditSchema = z.object({
  buyerSecretaryOfficeData: z
    .array(secretaryOfficeSchema.extend({ id: idField }), { error: REQUIRED_MESSAGE })
    .min(1)
    .max(50),
});

/** §3 "Staff member" user: name, CPF, phone, cellphone and e-mail required (§5 "Staff user"). */
export const staffUserSchema = buyerPersonSchema.extend({ cellphoneNumber: phoneField });

/** dd/mm/yyyy (§5) or yyyy-mm-dd, stored as yyyy-mm-dd; empty is null. */
const appointmentDateField = z
  .string()
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const br = iso ? parseDateBR(`${iso[3]}/${iso[2]}/${iso[1]}`) : parseDateBR(v);
    if (!br) {
      ctx.addIssue({ code: "custom", message: APPOINTMENT_DATE_INVALID_MESSAGE });
      return z.NEVER;
    }
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${br.year}-${pad(br.month)}-${pad(br.day)}`;
  });

/** The secretariats a staff member serves: ids, or {id} objects as a select returns them. */
const secretariesOfficeField = z
  .array(z.union([idField, z.object({ id: idField }).transform((o) => o.id)]))
  .max(100)
  .nullish()
  .transform((v) => [...new Set(v ?? [])]);

/** §3 "Staff member" / §5 "Staff user": at least one role (default AUCTIONEER). */
export const buyerStaffSchema = z.object({
  user: staffUserSchema,
  role: z
    .array(z.enum(STAFF_ROLES, { error: "Perfil de acesso inválido" }))
    .min(1, STAFF_ROLE_REQUIRED_MESSAGE)
    .default(["AUCTIONEER"])
    .transform((roles) => [...new Set(roles)]),
  kind: z.string().trim().max(50).default("default"),
  secretariesOffice: secretariesOfficeField,
  department: optionalText(200),
  internalPosition: optionalText(200),
  registrationNumber: optionalText(100),
  appointmentOrderNumber: optionalText(100),
  appointmentOrderDate: appointmentDateField,
});
export type BuyerStaffInput = z.infer<typeof buyerStaffSchema>;

/** app/buyer/createSupportingStaff {buyerStaffData} (§7). */
export const buyerStaffCreateSchema = z.object({
  buyerStaffData: z.array(buyerStaffSchema, { error: REQUIRED_MESSAGE }).min(1).max(50),
});
/** app/buyer/updateSupportingStaff {buyerStaffData}: each row names the staff member it changes. */
export const buyerStaffUpdateSchema = z.object({
  buyerStaffData: z
    .array(buyerStaffSchema.extend({ id: idField }), { error: REQUIRED_MESSAGE })
    .min(1)
    .max(50),
});

/** buyer/deleteSupportingStaff and buyerSecretaryOffice/delete {ids} (§7). */
export const buyerIdsSchema = z.object({
  ids: z.array(idField, { error: REQUIRED_MESSAGE }).min(1, REQUIRED_MESSAGE).max(100),
});

/** app/buyer/deleteDocument {id}. */
export const buyerDocumentDeleteSchema = z.object({ id: idField });

/** app/user/check {email?, cpf?} (§7: "the payload is not shown"): at least one of them. */
export const userCheckSchema = z
  .object({ email: emailField.optional(), cpf: cpfField.optional() })
  .refine((v) => v.email !== undefined || v.cpf !== undefined, {
    message: "Informe o e-mail ou o CPF",
    path: ["email"],
  });
