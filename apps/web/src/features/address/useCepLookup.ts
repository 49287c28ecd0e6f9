import {
  type AddressFromCep,
  CEP_INVALID_MESSAGE,
  CEP_LOOKUP_FAILED_MESSAGE,
  CEP_NOT_FOUND_MESSAGE,
  type CepLockableField,
  cepLockedFields,
  formatCep,
  onlyDigits,
  shouldLookupCep,
} from "@certame/domain";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { getAddressByPostalCode } from "./api";

/** Why a lookup gave no address. */
export interface CepLookupError {
  /** notFound: the service does not know the CEP; invalid: the server refused it; unavailable: no answer. */
  kind: "notFound" | "invalid" | "unavailable";
  /** §5: the CEP field is marked 'CEP inválido'. */
  fieldMessage: string;
  /** §8 "CEP lookup fails": the notification 'Não encontrado' / 'Erro ao localizar dados do CEP'. */
  title: string;
  message: string;
}

export interface CepLookupState {
  /** The address of the complete CEP, once found. */
  address: AddressFromCep | null;
  error: CepLookupError | null;
  /** The complete CEP is being looked up. */
  loading: boolean;
  /** §2.17: the address fields the lookup filled, to be shown read-only. */
  locked: CepLockableField[];
}

function lookupError(error: unknown): CepLookupError {
  const status = error instanceof ApiError ? error.status : 0;
  return {
    kind: status === 404 ? "notFound" : status === 400 ? "invalid" : "unavailable",
    fieldMessage: CEP_INVALID_MESSAGE,
    title: CEP_NOT_FOUND_MESSAGE,
    message: CEP_LOOKUP_FAILED_MESSAGE,
  };
}

interface Settled {
  cep: string;
  address: AddressFromCep | null;
  error: CepLookupError | null;
}

/**
 * The postal-code lookup of an address form (§2.17; §5 "CNPJ and CEP"): given the CEP as typed
 * (mask #####-###), once it is complete the server is asked, once per CEP, and the answer is
 * returned with the fields it locks. An incomplete CEP has no address and no error; an answer that
 * arrives after the CEP changed is dropped; a CEP edited and completed again is asked again.
 */
export function useCepLookup(cep: string): CepLookupState {
  const digits = shouldLookupCep(cep) ? onlyDigits(cep) : null;
  const [settled, setSettled] = useState<Settled | null>(null);
  // The call of the current CEP, so that re-renders (and StrictMode's second effect) reuse it.
  const call = useRef<{ cep: string; answer: Promise<Settled> } | null>(null);

  useEffect(() => {
    if (!digits) {
      // A CEP typed again after an edit is asked again (the service may be back).
      call.current = null;
      setSettled(null);
      return;
    }
    if (call.current?.cep !== digits) {
      call.current = {
        cep: digits,
        answer: getAddressByPostalCode(formatCep(digits)).then(
          (address): Settled => ({ cep: digits, address, error: null }),
          (error: unknown): Settled => ({ cep: digits, address: null, error: lookupError(error) }),
        ),
      };
    }
    let current = true;
    void call.current.answer.then((answer) => {
      if (current) setSettled(answer);
    });
    return () => {
      current = false;
    };
  }, [digits]);

  const result = digits !== null && settled?.cep === digits ? settled : null;
  return {
    address: result?.address ?? null,
    error: result?.error ?? null,
    loading: digits !== null && result === null,
    locked: cepLockedFields(result?.address ?? null),
  };
}
