import {
  applyMask,
  buyerRegistrationSchema,
  buyerStaffSchema,
  formatCep,
  formatCnpj,
  formatCpf,
  type RegistrationStatus,
  type StaffRole,
  secretaryOfficeSchema,
  type z,
} from "@certame/domain";
import type {
  BuyerPayload,
  BuyerRegistrationView,
  PersonPayload,
  PersonView,
  SecretaryOfficePayload,
  SecretaryOfficeView,
  StaffMemberView,
  StaffPayload,
} from "./api";

// The wizard's forms as typed (masked texts) and their payloads; the rules are the domain schemas
// the server applies (notices-and-accounts §5 "Buyer body form", "Competent authority",
// "Secretariat", "Staff user"), so the form and the server never disagree.

export interface PersonForm {
  name: string;
  email: string;
  cpf: string;
  phoneNumber: string;
  cellphoneNumber: string;
}

export interface BodyForm {
  cnpj: string;
  corporateName: string;
  postalCode: string;
  street: string;
  number: string;
  district: string;
  city: string;
  state: string;
  complement: string;
  ibgeCode: string;
  phoneNumber: string;
  website: string;
  authority: PersonForm;
}

export const EMPTY_PERSON: PersonForm = {
  name: "",
  email: "",
  cpf: "",
  phoneNumber: "",
  cellphoneNumber: "",
};

export const EMPTY_BODY_FORM: BodyForm = {
  cnpj: "",
  corporateName: "",
  postalCode: "",
  street: "",
  number: "",
  district: "",
  city: "",
  state: "",
  complement: "",
  ibgeCode: "",
  phoneNumber: "",
  website: "",
  authority: EMPTY_PERSON,
};

const tel = (digits: string | null | undefined) => (digits ? applyMask("tel", digits) : "");

export const personFormFrom = (user: PersonView | null | undefined): PersonForm => ({
  name: user?.name ?? "",
  email: user?.email ?? "",
  cpf: user?.cpf ? formatCpf(user.cpf) : "",
  phoneNumber: tel(user?.phoneNumber),
  cellphoneNumber: tel(user?.cellphoneNumber),
});

/** The saved body as the form shows it (masked). */
export function bodyFormFrom(view: BuyerRegistrationView): BodyForm {
  return {
    cnpj: formatCnpj(view.cnpj),
    corporateName: view.corporateName,
    postalCode: view.address.postalCode ? formatCep(view.address.postalCode) : "",
    street: view.address.street ?? "",
    number: view.address.number ?? "",
    district: view.address.district ?? "",
    city: view.address.city ?? "",
    state: view.address.state ?? "",
    complement: view.address.complement ?? "",
    ibgeCode: view.address.ibgeCode ?? "",
    phoneNumber: tel(view.phoneNumber),
    website: view.website ?? "",
    authority: personFormFrom(view.competentAuthority.user),
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text.trim());

const personPayload = (p: PersonForm, withCellphone = false): PersonPayload => ({
  name: p.name.trim(),
  email: p.email.trim(),
  cpf: p.cpf,
  phoneNumber: p.phoneNumber,
  ...(withCellphone ? { cellphoneNumber: p.cellphoneNumber } : {}),
});

/** §5 "Competent authority": its name and CNPJ mirror the body's (read-only in the form). */
export function bodyPayload(form: BodyForm): BuyerPayload {
  return {
    cnpj: form.cnpj,
    corporateName: form.corporateName.trim(),
    address: {
      postalCode: form.postalCode,
      street: form.street.trim(),
      number: form.number.trim(),
      district: form.district.trim(),
      city: form.city.trim(),
      state: form.state,
      complement: orNull(form.complement),
      ibgeCode: orNull(form.ibgeCode),
    },
    phoneNumber: form.phoneNumber,
    website: orNull(form.website),
    competentAuthority: {
      name: form.corporateName.trim(),
      cnpj: orNull(form.cnpj),
      user: personPayload(form.authority),
    },
  };
}

/** A schema's complaints as `path → first message` (the server names the same paths). */
export function schemaErrors(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export const bodyFormErrors = (form: BodyForm) => schemaErrors(buyerRegistrationSchema, bodyPayload(form));

// Secretariats and staff.

export interface SecretaryForm {
  id?: string;
  name: string;
  cnpj: string;
  user: PersonForm;
}

export const EMPTY_SECRETARY_FORM: SecretaryForm = { name: "", cnpj: "", user: EMPTY_PERSON };

export const secretaryFormFrom = (office: SecretaryOfficeView): SecretaryForm => ({
  id: office.id,
  name: office.name,
  cnpj: office.cnpj ? formatCnpj(office.cnpj) : "",
  user: personFormFrom(office.user),
});

export const secretaryPayload = (form: SecretaryForm): SecretaryOfficePayload => ({
  ...(form.id ? { id: form.id } : {}),
  name: form.name.trim(),
  cnpj: orNull(form.cnpj),
  user: personPayload(form.user),
});

export const secretaryFormErrors = (form: SecretaryForm) =>
  schemaErrors(secretaryOfficeSchema, secretaryPayload(form));

export interface StaffForm {
  id?: string;
  user: PersonForm;
  role: StaffRole[];
  secretariesOffice: string[];
  department: string;
  internalPosition: string;
  registrationNumber: string;
  appointmentOrderNumber: string;
  /** dd/mm/yyyy */
  appointmentOrderDate: string;
}

/** §3 "Staff member": role defaults to [AUCTIONEER]. */
export const EMPTY_STAFF_FORM: StaffForm = {
  user: EMPTY_PERSON,
  role: ["AUCTIONEER"],
  secretariesOffice: [],
  department: "",
  internalPosition: "",
  registrationNumber: "",
  appointmentOrderNumber: "",
  appointmentOrderDate: "",
};

const isoToBr = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
};

export const staffFormFrom = (staff: StaffMemberView): StaffForm => ({
  id: staff.id,
  user: personFormFrom(staff.user),
  role: staff.role,
  secretariesOffice: staff.secretariesOffice ?? [],
  department: staff.department ?? "",
  internalPosition: staff.internalPosition ?? "",
  registrationNumber: staff.registrationNumber ?? "",
  appointmentOrderNumber: staff.appointmentOrderNumber ?? "",
  appointmentOrderDate: isoToBr(staff.appointmentOrderDate),
});

export const staffPayload = (form: StaffForm): StaffPayload => ({
  ...(form.id ? { id: form.id } : {}),
  user: personPayload(form.user, true),
  role: form.role,
  secretariesOffice: form.secretariesOffice,
  department: orNull(form.department),
  internalPosition: orNull(form.internalPosition),
  registrationNumber: orNull(form.registrationNumber),
  appointmentOrderNumber: orNull(form.appointmentOrderNumber),
  appointmentOrderDate: orNull(form.appointmentOrderDate),
});

export const staffFormErrors = (form: StaffForm) => schemaErrors(buyerStaffSchema, staffPayload(form));

// The wizard's sections (§2.11): only the first is open at the start; each unlocks the next once saved.

export const SECTION_KEYS = ["body", "users", "signature", "attach", "finish"] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const hasAuctioneer = (view: BuyerRegistrationView | null) =>
  Boolean(view?.staffMembers.some((s) => s.role.includes("AUCTIONEER")));

export const hasMembershipTerms = (view: BuyerRegistrationView | null) =>
  Boolean(view?.documents.some((d) => d.kind === "MEMBERSHIP_TERMS"));

/**
 * Which sections may be opened: 'Preenchimento Órgãos' always; 'Demais usuários' once the body is
 * saved; 'Assinatura do Termo' once a staff user with the AUCTIONEER profile exists (the completion
 * requires one); 'Anexar Termo de Adesão' once the term was downloaded or its signature requested;
 * 'Finalização' once the signed term is attached.
 */
export function unlockedSections(view: BuyerRegistrationView | null, termsHandled: boolean): Set<SectionKey> {
  const open = new Set<SectionKey>(["body"]);
  if (!view) return open;
  open.add("users");
  if (!hasAuctioneer(view)) return open;
  open.add("signature");
  const attached = hasMembershipTerms(view);
  if (!termsHandled && !view.membershipSignature && !attached) return open;
  open.add("attach");
  if (attached) open.add("finish");
  return open;
}

/** The wizard is filled (and refilled after a rejection) only in these statuses. */
export const isEditableStatus = (status: RegistrationStatus) =>
  status === "IN_PROGRESS" || status === "REJECTED";
