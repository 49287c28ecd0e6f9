import {
  ADDRESS_FIELD_MESSAGES,
  ADDRESS_POSTAL_CODE_INVALID_MESSAGE,
  BRAZILIAN_STATES,
  formatReferenceTermAddress,
  type ReferenceTermAddress,
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

const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** One address field's message (planning §5 "Address", the domain's texts); complement is optional. */
export function addressFieldError(field: AddressField, value: string): string | undefined {
  if (field === "complement") return undefined;
  const text = value.trim();
  if (!text) return ADDRESS_FIELD_MESSAGES[field];
  if (field === "postalCode" && !CEP_PATTERN.test(text)) return ADDRESS_POSTAL_CODE_INVALID_MESSAGE;
  return undefined;
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

export function validateAddressDraft(draft: AddressDraft): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of ADDRESS_FIELDS) {
    const message = addressFieldError(field, draft[field]);
    if (message) errors[field] = message;
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
