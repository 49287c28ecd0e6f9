import {
  CNPJ_LOOKUP_FAILED_MESSAGE,
  CNPJ_MASKED_LENGTH,
  CPF_MASKED_LENGTH,
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_KINDS,
  type CredentialKind,
  cnpjMessageFromServer,
  isValidCnpj,
  supplierCreateSchema,
  validateCnpj,
  validateCpf,
} from "@certame/domain";
import { Button, Group, Loader, Radio, Stack, TextInput } from "@mantine/core";
import { useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { createSupplier, getCompanyInformation, type Supplier } from "./api";
import { WINNER_TEXTS } from "./texts";

export interface SupplierRegisterForm {
  credentialKind: CredentialKind | null;
  documentNumber: string;
  name: string;
  corporateName: string;
  isSmallBusiness: boolean | null;
}

export const EMPTY_SUPPLIER_FORM: SupplierRegisterForm = {
  credentialKind: null,
  documentNumber: "",
  name: "",
  corporateName: "",
  isSmallBusiness: null,
};

/** The payload as the server reads it; only the fields of the chosen credential kind (§5). */
export function supplierPayload(form: SupplierRegisterForm) {
  return form.credentialKind === "INDIVIDUAL"
    ? { credentialKind: form.credentialKind, documentNumber: form.documentNumber, name: form.name.trim() }
    : {
        credentialKind: form.credentialKind,
        documentNumber: form.documentNumber,
        corporateName: form.corporateName.trim(),
        isSmallBusiness: form.isSmallBusiness,
      };
}

/** §5 "Supplier register": 'Adicionar' stays disabled until the domain schema accepts the form. */
export const isSupplierFormValid = (form: SupplierRegisterForm): boolean =>
  supplierCreateSchema.safeParse(supplierPayload(form)).success;

/** The document message once the document is fully typed (§5: CPF / CNPJ with check digits). */
export function documentError(form: SupplierRegisterForm): string | null {
  if (form.credentialKind === "INDIVIDUAL")
    return form.documentNumber.length >= CPF_MASKED_LENGTH ? validateCpf(form.documentNumber) : null;
  return form.documentNumber.length >= CNPJ_MASKED_LENGTH ? validateCnpj(form.documentNumber) : null;
}

/**
 * 'Cadastro de licitante' (§2.9, §5): credential kind, CPF or CNPJ (masks and check digits from the
 * domain), name or corporate name, ME/EPP. A valid CNPJ is looked up (integrations/
 * getCompanyInformation); when found, the company name is filled and read-only (§2.17).
 */
export function SupplierRegisterModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (supplier: Supplier) => void;
}) {
  // The form lives in the dialog's content, which mounts at each opening: every opening starts empty
  // (§2.17) without a reset effect that could land after the user's first click.
  return (
    <AppModal opened={opened} onClose={onClose} title="Cadastro de licitante">
      <SupplierRegisterFields onClose={onClose} onCreated={onCreated} />
    </AppModal>
  );
}

function SupplierRegisterFields({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (supplier: Supplier) => void;
}) {
  const [form, setForm] = useState<SupplierRegisterForm>(EMPTY_SUPPLIER_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [companyFound, setCompanyFound] = useState(false);
  const lookupFor = useRef<string | null>(null);

  const set = (change: Partial<SupplierRegisterForm>) => setForm((f) => ({ ...f, ...change }));

  const lookupCnpj = async (cnpj: string) => {
    lookupFor.current = cnpj;
    setLookingUp(true);
    try {
      const company = await getCompanyInformation(cnpj);
      if (lookupFor.current !== cnpj) return;
      set({ corporateName: company.corporateName });
      setCompanyFound(Boolean(company.corporateName));
    } catch (error) {
      if (lookupFor.current !== cnpj) return;
      setCompanyFound(false);
      notifyError(
        undefined,
        error instanceof ApiError && error.hasServerMessage
          ? errorMessageOf(error)
          : CNPJ_LOOKUP_FAILED_MESSAGE,
      );
    } finally {
      if (lookupFor.current === cnpj) setLookingUp(false);
    }
  };

  const changeDocument = (masked: string) => {
    setErrors((e) => ({ ...e, documentNumber: "" }));
    const wasFound = companyFound;
    set({ documentNumber: masked, ...(wasFound ? { corporateName: "" } : {}) });
    setCompanyFound(false);
    lookupFor.current = null;
    setLookingUp(false);
    if (form.credentialKind !== "INDIVIDUAL" && masked.length === CNPJ_MASKED_LENGTH && isValidCnpj(masked))
      void lookupCnpj(masked);
  };

  const changeKind = (value: string) => {
    setForm({ ...EMPTY_SUPPLIER_FORM, credentialKind: value as CredentialKind });
    setErrors({});
    setCompanyFound(false);
    lookupFor.current = null;
    setLookingUp(false);
  };

  const submit = async () => {
    setSaving(true);
    try {
      const supplier = await createSupplier(supplierPayload(form) as Parameters<typeof createSupplier>[0]);
      notifySuccess(WINNER_TEXTS.supplierCreated);
      onCreated(supplier);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        const found = propertiesToFieldErrors(error.properties);
        if (found.documentNumber) found.documentNumber = cnpjMessageFromServer(found.documentNumber);
        setErrors(found);
      } else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const individual = form.credentialKind === "INDIVIDUAL";
  const kindChosen = form.credentialKind !== null;

  return (
    <Stack gap="md">
      <Radio.Group
        label="Tipo de credenciamento"
        withAsterisk
        value={form.credentialKind ?? ""}
        onChange={changeKind}
        error={errors.credentialKind}
      >
        <Group gap="lg" mt={6}>
          {CREDENTIAL_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={CREDENTIAL_KIND_LABELS[kind]} />
          ))}
        </Group>
      </Radio.Group>
      {kindChosen && (
        <MaskedInput
          key={form.credentialKind}
          mask={individual ? "cpf" : "cnpj"}
          label={individual ? "CPF" : "CNPJ"}
          withAsterisk
          value={form.documentNumber}
          onChange={(masked) => changeDocument(masked)}
          error={errors.documentNumber || documentError(form)}
          rightSection={
            lookingUp ? <Loader role="progressbar" size="xs" aria-label="Consultando CNPJ" /> : undefined
          }
        />
      )}
      {kindChosen && individual && (
        <TextInput
          label="Nome"
          withAsterisk
          maxLength={300}
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
      )}
      {kindChosen && !individual && (
        <>
          <TextInput
            label="Razão social"
            withAsterisk
            maxLength={300}
            value={form.corporateName}
            readOnly={companyFound}
            description={companyFound ? "Preenchido a partir do CNPJ" : undefined}
            onChange={(e) => set({ corporateName: e.currentTarget.value })}
            error={errors.corporateName}
          />
          <Radio.Group
            label="Sua empresa está enquadrada como ME/EPP?"
            withAsterisk
            value={form.isSmallBusiness === null ? "" : form.isSmallBusiness ? "yes" : "no"}
            onChange={(v) => set({ isSmallBusiness: v === "yes" })}
            error={errors.isSmallBusiness}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label="Sim" />
              <Radio value="no" label="Não" />
            </Group>
          </Radio.Group>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={!isSupplierFormValid(form)} loading={saving} onClick={() => void submit()}>
          Adicionar
        </Button>
      </Group>
    </Stack>
  );
}
