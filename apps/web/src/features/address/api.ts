import type { AddressFromCep } from "@certame/domain";
import { apiPost } from "../../api/client";

export const ADDRESS_PATHS = {
  addressByPostalCode: "integrations/getAddressByPostalCode",
} as const;

/** The postal-code lookup (§3 "Lookup results"): 404 when the CEP is unknown, 503 when the service fails. */
export const getAddressByPostalCode = (postalCode: string) =>
  apiPost<AddressFromCep>(ADDRESS_PATHS.addressByPostalCode, { postalCode });
