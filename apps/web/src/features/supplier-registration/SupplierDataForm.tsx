import {
  applyMask,
  BRAZILIAN_STATES,
  CNPJ_LOOKUP_NOT_FOUND_MESSAGE,
  changedAnalysedFields,
  formatCep,
  formatCnpj,
  formatCpf,
  onlyDigits,
  SMALL_BUSINESS_LEGAL_NOTE,
  SMALL_BUSINESS_QUESTION,
  SUPPLIER_ANALYSED_FIELD_LABELS,
  type SupplierAnalysedField,
  supplierRegistrationDataSchema,
} from "@certame/domain";
import {
  Alert,
  Button,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import { useCepLookup } from "../address/useCepLookup";
import {
  getCompanyInformation,
  type RegistrationDataPayload,
  type SupplierRegistration,
  updateRegistration,
} from "./api";
import { SUPPLIER_REGISTRATION_TEXTS as T } from "./texts";

export interface SupplierDataFormState {
  corporateName: string;
  name: string;
  tradeName: string;
  /** null until the ME/EPP question is answered. */
  isSmallBusiness: boolean | null;
  tradeRepresentativeName: string;
  tradeRepresentativeCpf: string;
  email: string;
  phoneNumber: string;
  cellphoneNumber: string;
  postalCode: string;
  street: string;
  number: string;
  district: string;
  city: string;
  state: string;
  complement: string;
  ibgeCode: string;
}

/** The form as the stored registration fills it (masked as typed). */
export function formFromRegistration(r: SupplierRegistration): SupplierDataFormState {
  const saved = r.email !== null;
  return {
    corporateName: r.corporateName ?? "",
    name: r.name ?? "",
    tradeName: r.tradeName ?? "",
    // A bidder claimed from a buyer's register carries the buyer's answer; the company confirms it.
    isSmallBusiness: saved ? r.isSmallBusiness : null,
    tradeRepresentativeName: r.tradeRepresentativeName ?? "",
    tradeRepresentativeCpf: r.tradeRepresentativeCpf ? formatCpf(r.tradeRepresentativeCpf) : "",
    email: r.email ?? "",
    phoneNumber: r.phoneNumber ? applyMask("tel", r.phoneNumber) : "",
    cellphoneNumber: r.cellphoneNumber ? applyMask("tel", r.cellphoneNumber) : "",
    postalCode: r.address.postalCode ? formatCep(r.address.postalCode) : "",
    street: r.address.street ?? "",
    number: r.address.number ?? "",
    district: r.address.district ?? "",
    city: r.address.city ?? "",
    state: r.address.state ?? "",
    complement: r.address.complement ?? "",
    ibgeCode: r.address.ibgeCode ?? "",
  };
}

/** The updateRegistration payload of the supplier's kind (only the fields of that kind). */
export function dataPayload(kind: SupplierRegistration["credentialKind"], f: SupplierDataFormState) {
  const common = {
    tradeName: f.tradeName.trim() || null,
    email: f.email.trim(),
    phoneNumber: f.phoneNumber,
    cellphoneNumber: f.cellphoneNumber || null,
    address: {
      postalCode: f.postalCode,
      street: f.street.trim(),
      number: f.number.trim(),
      district: f.district.trim(),
      city: f.city.trim(),
      state: f.state,
      complement: f.complement.trim() || null,
      ibgeCode: f.ibgeCode || null,
    },
  };
  if (kind === "INDIVIDUAL") return { name: f.name.trim(), ...common } as RegistrationDataPayload;
  return {
    corporateName: f.corporateName.trim(),
    isSmallBusiness: f.isSmallBusiness ?? undefined,
    tradeRepresentativeName: f.tradeRepresentativeName.trim(),
    tradeRepresentativeCpf: f.tradeRepresentativeCpf,
    ...common,
  } as RegistrationDataPayload;
}

/** §5 generic rule: the submit stays disabled while the domain schema refuses the form. */
export const isDataFormValid = (kind: SupplierRegistration["credentialKind"], f: SupplierDataFormState) =>
  supplierRegistrationDataSchema(kind).safeParse(dataPayload(kind, f)).success;

type CompanyLocked = "corporateName" | "tradeName" | "postalCode" | "phoneNumber";

/**
 * The company or individual data, the address, the legal representative and the size (§2.12, §3
 * "Supplier"). The CNPJ lookup fills and locks the company fields it knows (§2.17) — on the first
 * filling only (`lookupOnLoad`), never on an edit of saved data — and the CEP lookup fills and locks
 * the address (features/address/useCepLookup).
 */
export function SupplierDataForm({
  registration,
  lookupOnLoad,
  renewal = false,
  onSaved,
}: {
  registration: SupplierRegistration;
  lookupOnLoad: boolean;
  /** The renewal variant: an approved registration's changes of analysed fields are confirmed first. */
  renewal?: boolean;
  onSaved: (registration: SupplierRegistration) => void;
}) {
  const kind = registration.credentialKind;
  const legal = kind === "LEGAL_PERSON";
  const [form, setForm] = useState<SupplierDataFormState>(() => formFromRegistration(registration));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [companyLocked, setCompanyLocked] = useState<CompanyLocked[]>([]);
  const [confirming, setConfirming] = useState<SupplierAnalysedField[] | null>(null);
  const set = (change: Partial<SupplierDataFormState>) => setForm((f) => ({ ...f, ...change }));

  // The CNPJ lookup of a company's first filling.
  const looked = useRef(false);
  useEffect(() => {
    if (!lookupOnLoad || !legal || looked.current) return;
    looked.current = true;
    getCompanyInformation(formatCnpj(registration.documentNumber)).then(
      (company) => {
        const change: Partial<SupplierDataFormState> = {};
        const locked: CompanyLocked[] = [];
        if (company.corporateName) {
          change.corporateName = company.corporateName;
          locked.push("corporateName");
        }
        if (company.tradeName) {
          change.tradeName = company.tradeName;
          locked.push("tradeName");
        }
        if (company.postalCode && onlyDigits(company.postalCode).length === 8) {
          change.postalCode = formatCep(company.postalCode);
          locked.push("postalCode");
        }
        if (company.phoneNumber && /^\d{10,11}$/.test(onlyDigits(company.phoneNumber))) {
          change.phoneNumber = applyMask("tel", company.phoneNumber);
          locked.push("phoneNumber");
        }
        setForm((f) => ({ ...f, ...change }));
        setCompanyLocked(locked);
      },
      (error: unknown) =>
        notifyError(
          undefined,
          error instanceof ApiError && error.hasServerMessage ? error.message : CNPJ_LOOKUP_NOT_FOUND_MESSAGE,
        ),
    );
  }, [lookupOnLoad, legal, registration.documentNumber]);

  // The CEP lookup: fills the address once per CEP typed (or given by the CNPJ); a stored address is kept.
  const cep = useCepLookup(form.postalCode);
  const initialCep = useRef(formFromRegistration(registration).postalCode);
  const appliedFor = useRef<string | null>(null);
  const [cepLocked, setCepLocked] = useState<string[]>([]);
  useEffect(() => {
    const address = cep.address;
    if (!address || appliedFor.current === address.postalCode) return;
    appliedFor.current = address.postalCode;
    if (formatCep(address.postalCode) === initialCep.current && form.street) return;
    setForm((f) => ({
      ...f,
      street: address.street ?? f.street,
      district: address.district ?? f.district,
      city: address.city ?? f.city,
      state: address.state ?? f.state,
      ibgeCode: address.ibgeCode ?? "",
    }));
    setCepLocked(cep.locked);
  }, [cep.address, cep.locked, form.street]);
  const cepError = cep.error;
  const shownCepError = useRef<string | null>(null);
  useEffect(() => {
    if (!cepError) return;
    if (shownCepError.current === form.postalCode) return;
    shownCepError.current = form.postalCode;
    notifyError(cepError.title, cepError.message);
  }, [cepError, form.postalCode]);

  const changePostalCode = (masked: string) => {
    setErrors((e) => ({ ...e, "address.postalCode": "" }));
    set({ postalCode: masked });
    setCepLocked([]);
    appliedFor.current = null;
    initialCep.current = "";
  };

  const save = async () => {
    setConfirming(null);
    setSaving(true);
    try {
      const saved = await updateRegistration(dataPayload(kind, form));
      setErrors({});
      notifySuccess(T.dataSaved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
        setErrors(propertiesToFieldErrors(error.properties));
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = () => {
    if (renewal && registration.registrationStatus === "APPROVED") {
      const changed = changedAnalysedFields(registration, {
        ...(legal
          ? {
              corporateName: form.corporateName.trim(),
              isSmallBusiness: form.isSmallBusiness,
              tradeRepresentativeName: form.tradeRepresentativeName.trim(),
              tradeRepresentativeCpf: onlyDigits(form.tradeRepresentativeCpf),
            }
          : { name: form.name.trim() }),
      });
      if (changed.length > 0) return setConfirming(changed);
    }
    void save();
  };

  const locked = (field: string) =>
    companyLocked.includes(field as CompanyLocked) || cepLocked.includes(field);
  const hint = (field: string) =>
    companyLocked.includes(field as CompanyLocked)
      ? T.lookedUp
      : cepLocked.includes(field)
        ? T.cepFilled
        : undefined;
  const readOnly = registration.registrationStatus === "PENDING";
  const valid = isDataFormValid(kind, form);
  const text = (
    field: keyof SupplierDataFormState,
    label: string,
    options: { required?: boolean; max?: number; errorKey?: string; autoComplete?: string } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={options.required}
      maxLength={options.max ?? 300}
      value={form[field] as string}
      readOnly={readOnly || locked(field)}
      description={hint(field)}
      autoComplete={options.autoComplete}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={errors[options.errorKey ?? field]}
    />
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {legal
          ? text("corporateName", "Razão social", { required: true })
          : text("name", "Nome completo", { required: true, autoComplete: "name" })}
        {text("tradeName", legal ? "Nome fantasia" : "Nome comercial")}
        <TextInput
          label="E-mail"
          type="email"
          withAsterisk
          maxLength={254}
          autoComplete="email"
          value={form.email}
          readOnly={readOnly}
          onChange={(e) => set({ email: e.currentTarget.value })}
          error={errors.email}
        />
        <MaskedInput
          mask="tel"
          label="Telefone"
          withAsterisk
          value={form.phoneNumber}
          readOnly={readOnly || locked("phoneNumber")}
          description={hint("phoneNumber")}
          onChange={(masked) => set({ phoneNumber: masked })}
          error={errors.phoneNumber}
        />
        <MaskedInput
          mask="tel"
          label="Celular"
          value={form.cellphoneNumber}
          readOnly={readOnly}
          onChange={(masked) => set({ cellphoneNumber: masked })}
          error={errors.cellphoneNumber}
        />
      </SimpleGrid>

      <Title order={3} fz="md">
        Endereço
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MaskedInput
          mask="cep"
          label="CEP"
          withAsterisk
          value={form.postalCode}
          readOnly={readOnly || locked("postalCode")}
          description={hint("postalCode") ?? (cep.loading ? "Consultando o CEP…" : undefined)}
          onChange={(masked) => changePostalCode(masked)}
          error={errors["address.postalCode"] || cep.error?.fieldMessage}
        />
        {text("street", "Logradouro", { required: true, errorKey: "address.street" })}
        {text("number", "Número", { required: true, max: 20, errorKey: "address.number" })}
        {text("complement", "Complemento", { max: 200, errorKey: "address.complement" })}
        {text("district", "Bairro", { required: true, max: 150, errorKey: "address.district" })}
        {text("city", "Cidade", { required: true, max: 150, errorKey: "address.city" })}
        <Select
          label="UF"
          withAsterisk
          data={BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }))}
          value={form.state || null}
          readOnly={readOnly || locked("state")}
          description={hint("state")}
          onChange={(v) => set({ state: v ?? "" })}
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          searchable
          error={errors["address.state"]}
        />
      </SimpleGrid>

      {legal && (
        <>
          <Title order={3} fz="md">
            {T.representative}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {text("tradeRepresentativeName", "Nome do representante legal", { required: true })}
            <MaskedInput
              mask="cpf"
              label="CPF do representante legal"
              withAsterisk
              value={form.tradeRepresentativeCpf}
              readOnly={readOnly}
              onChange={(masked) => set({ tradeRepresentativeCpf: masked })}
              error={errors.tradeRepresentativeCpf}
            />
          </SimpleGrid>
          <Radio.Group
            label={SMALL_BUSINESS_QUESTION}
            withAsterisk
            value={form.isSmallBusiness === null ? "" : form.isSmallBusiness ? "yes" : "no"}
            onChange={(v) => !readOnly && set({ isSmallBusiness: v === "yes" })}
            error={errors.isSmallBusiness}
          >
            <Group gap="lg" mt={6}>
              <Radio value="yes" label="Sim" disabled={readOnly} />
              <Radio value="no" label="Não" disabled={readOnly} />
            </Group>
          </Radio.Group>
          {form.isSmallBusiness && (
            <Text size="sm" c="dimmed">
              {SMALL_BUSINESS_LEGAL_NOTE}
            </Text>
          )}
        </>
      )}

      {renewal && (
        <Alert color="blue" variant="light">
          {T.renewalAnalysedWarning}
        </Alert>
      )}
      {!readOnly && (
        <Group justify="flex-end">
          <Button disabled={!valid} loading={saving} onClick={submit}>
            {T.saveData}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={T.renewalConfirmTitle}
        confirmLabel={T.saveData}
        loading={saving}
        onConfirm={() => void save()}
        onClose={() => setConfirming(null)}
      >
        {T.renewalConfirm((confirming ?? []).map((f) => SUPPLIER_ANALYSED_FIELD_LABELS[f]).join(", "))}
      </ConfirmModal>
    </Stack>
  );
}
