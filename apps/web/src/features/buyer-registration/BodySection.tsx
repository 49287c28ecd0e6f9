import {
  applyMask,
  BRAZILIAN_STATES,
  CNPJ_LOOKUP_FAILED_MESSAGE,
  CNPJ_LOOKUP_NOT_FOUND_MESSAGE,
  CNPJ_MASKED_LENGTH,
  cnpjMessageFromServer,
  formatCep,
  isValidCnpj,
} from "@certame/domain";
import { Button, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import { useCepLookup } from "../address/useCepLookup";
import {
  type BuyerRegistrationView,
  getCompanyInformation,
  saveRegistration,
  updateRegistration,
} from "./api";
import {
  type BodyForm,
  bodyFormErrors,
  bodyFormFrom,
  bodyPayload,
  EMPTY_BODY_FORM,
  type PersonForm,
} from "./buyer-form-model";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";

type CnpjFilled = "corporateName" | "postalCode" | "phoneNumber";
type CepFilled = "street" | "district" | "city" | "state" | "ibgeCode";

const STATE_OPTIONS = BRAZILIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} — ${s.name}` }));

const lockIcon = <IconLock size={14} aria-label="Campo bloqueado" />;

/**
 * 'Preenchimento Órgãos' (§2.11 section 1; §5 "Buyer body form", "Competent authority"): the body's
 * data and its competent authority. A CNPJ typed in full is looked up (integrations/
 * getCompanyInformation) and fills and locks the corporate name, CEP and phone (§2.17), mirrored into
 * the authority's name and CNPJ; a CEP typed (or filled) in full fills and locks the address. Loading
 * a saved body never looks anything up (§2.2: no autocomplete on load in the renewal).
 */
export function BodySection({
  view,
  onSaved,
}: {
  view: BuyerRegistrationView | null;
  onSaved: (view: BuyerRegistrationView) => void;
}) {
  const [form, setForm] = useState<BodyForm>(() => (view ? bodyFormFrom(view) : EMPTY_BODY_FORM));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [cnpjFilled, setCnpjFilled] = useState<Set<CnpjFilled>>(new Set());
  const [cepFilled, setCepFilled] = useState<Set<CepFilled>>(new Set());
  const [cepTyped, setCepTyped] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const lookupFor = useRef<string | null>(null);
  // The CNPJ is the body's identity once the registration has been completed (the server refuses it).
  const cnpjLocked = Boolean(view && view.registrationStatus !== "IN_PROGRESS");

  const set = (change: Partial<BodyForm>, keys: string[] = Object.keys(change)) => {
    setForm((f) => ({ ...f, ...change }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of keys) {
        delete next[k];
        delete next[`address.${k}`];
      }
      return next;
    });
  };
  const setAuthority = (change: Partial<PersonForm>) => {
    setForm((f) => ({ ...f, authority: { ...f.authority, ...change } }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(change)) delete next[`competentAuthority.user.${k}`];
      return next;
    });
  };

  // §2.17: the CEP lookup fills the address and locks what it filled — only for a CEP the user typed.
  const cep = useCepLookup(cepTyped ? form.postalCode : "");
  const address = cep.address;
  const cepError = cep.error;
  useEffect(() => {
    if (!address) return;
    const filled = new Set<CepFilled>();
    const change: Partial<BodyForm> = {};
    for (const key of ["street", "district", "city", "state", "ibgeCode"] as const) {
      const value = address[key];
      if (value) {
        change[key] = value;
        filled.add(key);
      }
    }
    setForm((f) => ({ ...f, ...change }));
    setCepFilled(filled);
    setAnnouncement("Endereço preenchido a partir do CEP.");
  }, [address]);
  useEffect(() => {
    if (cepError) notifyError(cepError.title, cepError.message);
  }, [cepError]);

  const lookupCnpj = async (cnpj: string) => {
    lookupFor.current = cnpj;
    setLookingUp(true);
    try {
      const company = await getCompanyInformation(cnpj);
      if (lookupFor.current !== cnpj) return;
      const filled = new Set<CnpjFilled>();
      const change: Partial<BodyForm> = {};
      if (company.corporateName) {
        change.corporateName = company.corporateName;
        filled.add("corporateName");
      }
      if (company.postalCode) {
        change.postalCode = formatCep(company.postalCode);
        filled.add("postalCode");
        setCepTyped(true);
      }
      const phone = company.phoneNumber?.replace(/\D/g, "").slice(0, 11);
      if (phone && phone.length >= 10) {
        change.phoneNumber = applyMask("tel", phone);
        filled.add("phoneNumber");
      }
      set(change);
      setCnpjFilled(filled);
      setAnnouncement("Dados do órgão preenchidos a partir do CNPJ.");
    } catch (error) {
      if (lookupFor.current !== cnpj) return;
      notifyError(
        undefined,
        error instanceof ApiError && error.status === 404
          ? CNPJ_LOOKUP_NOT_FOUND_MESSAGE
          : CNPJ_LOOKUP_FAILED_MESSAGE,
      );
    } finally {
      if (lookupFor.current === cnpj) setLookingUp(false);
    }
  };

  const changeCnpj = (masked: string) => {
    // A new CNPJ releases what the previous lookup filled.
    const cleared: Partial<BodyForm> = {};
    for (const key of cnpjFilled) cleared[key] = "";
    set({ cnpj: masked, ...cleared });
    setCnpjFilled(new Set());
    lookupFor.current = null;
    setLookingUp(false);
    if (masked.length === CNPJ_MASKED_LENGTH && isValidCnpj(masked)) void lookupCnpj(masked);
  };

  const changeCep = (masked: string) => {
    const cleared: Partial<BodyForm> = {};
    for (const key of cepFilled) cleared[key] = "";
    set({ postalCode: masked, ...cleared });
    setCepFilled(new Set());
    setCepTyped(true);
  };

  const localErrors = bodyFormErrors(form);
  const valid = Object.keys(localErrors).length === 0;
  /** A field's message: the server's, else the form's once something was typed. */
  const errorOf = (key: string, value: string) => {
    const server = serverErrors[key];
    if (server) return key === "cnpj" ? cnpjMessageFromServer(server) : server;
    if (key === "address.postalCode" && cepError) return cepError.fieldMessage;
    return value.trim() !== "" ? localErrors[key] : undefined;
  };
  const lockedProps = (locked: boolean) =>
    locked ? { readOnly: true, rightSection: lockIcon, description: T.lockedByLookup } : {};

  const submit = async () => {
    setSaving(true);
    try {
      const saved = view
        ? await updateRegistration(bodyPayload(form))
        : await saveRegistration(bodyPayload(form));
      notifySuccess(T.saved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
        setServerErrors(propertiesToFieldErrors(error.properties));
      else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={3} fz="sm" c="certame.8">
        {T.bodyTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <MaskedInput
          mask="cnpj"
          label="CNPJ"
          withAsterisk
          value={form.cnpj}
          onChange={(masked) => changeCnpj(masked)}
          error={errorOf("cnpj", form.cnpj)}
          readOnly={cnpjLocked}
          description={cnpjLocked ? T.cnpjLocked : undefined}
          rightSection={
            lookingUp ? (
              <Loader role="progressbar" size="xs" aria-label="Consultando CNPJ" />
            ) : cnpjLocked ? (
              lockIcon
            ) : undefined
          }
        />
        <TextInput
          label="Razão social"
          withAsterisk
          maxLength={300}
          value={form.corporateName}
          onChange={(e) => set({ corporateName: e.currentTarget.value })}
          error={errorOf("corporateName", form.corporateName)}
          {...lockedProps(cnpjFilled.has("corporateName"))}
        />
        <MaskedInput
          mask="cep"
          label="CEP"
          withAsterisk
          value={form.postalCode}
          onChange={(masked) => changeCep(masked)}
          error={errorOf("address.postalCode", form.postalCode)}
          {...lockedProps(cnpjFilled.has("postalCode"))}
          rightSection={
            cep.loading ? <Loader role="progressbar" size="xs" aria-label="Consultando CEP" /> : undefined
          }
        />
        <TextInput
          label="Logradouro"
          withAsterisk
          maxLength={300}
          value={form.street}
          onChange={(e) => set({ street: e.currentTarget.value })}
          error={errorOf("address.street", form.street)}
          {...lockedProps(cepFilled.has("street"))}
        />
        <TextInput
          label="Número"
          withAsterisk
          maxLength={30}
          value={form.number}
          onChange={(e) => set({ number: e.currentTarget.value })}
          error={errorOf("address.number", form.number)}
        />
        <TextInput
          label="Complemento"
          maxLength={200}
          value={form.complement}
          onChange={(e) => set({ complement: e.currentTarget.value })}
          error={errorOf("address.complement", form.complement)}
        />
        <TextInput
          label="Bairro"
          withAsterisk
          maxLength={200}
          value={form.district}
          onChange={(e) => set({ district: e.currentTarget.value })}
          error={errorOf("address.district", form.district)}
          {...lockedProps(cepFilled.has("district"))}
        />
        <TextInput
          label="Cidade"
          withAsterisk
          maxLength={200}
          value={form.city}
          onChange={(e) => set({ city: e.currentTarget.value })}
          error={errorOf("address.city", form.city)}
          {...lockedProps(cepFilled.has("city"))}
        />
        <Select
          label="Estado"
          withAsterisk
          searchable
          data={STATE_OPTIONS}
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          value={form.state || null}
          onChange={(value) => set({ state: value ?? "" })}
          error={errorOf("address.state", form.state)}
          readOnly={cepFilled.has("state")}
          description={cepFilled.has("state") ? T.lockedByLookup : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Código IBGE"
          maxLength={7}
          inputMode="numeric"
          value={form.ibgeCode}
          onChange={(e) => set({ ibgeCode: e.currentTarget.value.replace(/\D/g, "") })}
          error={errorOf("address.ibgeCode", form.ibgeCode)}
          {...lockedProps(cepFilled.has("ibgeCode"))}
        />
        <MaskedInput
          mask="tel"
          label="Telefone"
          withAsterisk
          value={form.phoneNumber}
          onChange={(masked) => set({ phoneNumber: masked })}
          error={errorOf("phoneNumber", form.phoneNumber)}
          {...lockedProps(cnpjFilled.has("phoneNumber"))}
        />
        <TextInput
          label="Site"
          maxLength={300}
          placeholder="https://"
          value={form.website}
          onChange={(e) => set({ website: e.currentTarget.value })}
          error={errorOf("website", form.website)}
        />
      </SimpleGrid>

      <Title order={3} fz="sm" c="certame.8" mt="sm">
        {T.authorityTitle}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Nome da autoridade competente (órgão)"
          withAsterisk
          value={form.corporateName}
          readOnly
          rightSection={lockIcon}
          description="Igual à razão social do órgão"
        />
        <TextInput
          label="CNPJ da autoridade competente"
          value={form.cnpj}
          readOnly
          rightSection={lockIcon}
          description="Igual ao CNPJ do órgão"
        />
        <TextInput
          label="Nome do responsável"
          withAsterisk
          maxLength={200}
          value={form.authority.name}
          onChange={(e) => setAuthority({ name: e.currentTarget.value })}
          error={errorOf("competentAuthority.user.name", form.authority.name)}
        />
        <TextInput
          label="E-mail do responsável"
          withAsterisk
          type="email"
          maxLength={254}
          value={form.authority.email}
          onChange={(e) => setAuthority({ email: e.currentTarget.value })}
          error={errorOf("competentAuthority.user.email", form.authority.email)}
        />
        <MaskedInput
          mask="cpf"
          label="CPF do responsável"
          withAsterisk
          value={form.authority.cpf}
          onChange={(masked) => setAuthority({ cpf: masked })}
          error={errorOf("competentAuthority.user.cpf", form.authority.cpf)}
        />
        <MaskedInput
          mask="tel"
          label="Telefone do responsável"
          withAsterisk
          value={form.authority.phoneNumber}
          onChange={(masked) => setAuthority({ phoneNumber: masked })}
          error={errorOf("competentAuthority.user.phoneNumber", form.authority.phoneNumber)}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" role="status" aria-live="polite">
        {announcement}
      </Text>
      <Group justify="flex-end">
        <Button disabled={!valid} loading={saving} onClick={() => void submit()}>
          {T.saveBody}
        </Button>
      </Group>
    </Stack>
  );
}
