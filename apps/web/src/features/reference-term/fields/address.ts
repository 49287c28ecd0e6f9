import {
  BRAZILIAN_STATES,
  formatReferenceTermAddress,
  type ReferenceTermAddress,
  validateReferenceTermAddress,
} from "@certame/domain";

/** The editable text of an address form (planning §2.11 "Address form"). */
export interface AddressDraft {
  postalCode: string;
  street: string;
  number: string;
  district: string;
  complement: string;
  city: string;
  state: string;
}

export type AddressField = keyof AddressDraft;

export const EMPTY_ADDRESS_DRAFT: AddressDraft = {
  postalCode: "",
  street: "",
  number: "",
  district: "",
  complement: "",
  city: "",
  state: "",
};

export const STATE_OPTIONS = BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }));

/**
 * One address field's message (planning §5 "Address"): the domain's validateReferenceTermAddress on
 * that field alone (complement is optional there).
 */
export function addressFieldError(field: AddressField, value: string): string | undefined {
  return validateReferenceTermAddress({ [field]: value }).find((e) => e.property === field)?.errorMessages[0];
}

export const ADDRESS_FIELDS: readonly AddressField[] = [
  "postalCode",
  "street",
  "number",
  "district",
  "complement",
  "city",
  "state",
];

/** Every field's first message (planning §5 "Address"), from the domain's validateReferenceTermAddress. */
export function validateAddressDraft(draft: AddressDraft): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const { property, errorMessages } of validateReferenceTermAddress(draft)) {
    const field = property as AddressField;
    if (ADDRESS_FIELDS.includes(field) && !errors[field] && errorMessages[0])
      errors[field] = errorMessages[0];
  }
  return errors;
}

export function draftToAddress(draft: AddressDraft): ReferenceTermAddress {
  const complement = draft.complement.trim();
  return {
    postalCode: draft.postalCode.trim(),
    street: draft.street.trim(),
    number: draft.number.trim(),
    district: draft.district.trim(),
    ...(complement ? { complement } : {}),
    city: draft.city.trim(),
    state: draft.state.trim(),
  };
}

export function addressToDraft(address: Partial<ReferenceTermAddress> | null | undefined): AddressDraft {
  return {
    postalCode: address?.postalCode ?? "",
    street: address?.street ?? "",
    number: address?.number ?? "",
    district: address?.district ?? "",
    complement: address?.complement ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
  };
}

/** An address as shown (planning §2.10): 'street, number, district - city/state, postalCode'. */
export const formatAddress = formatReferenceTermAddress;
