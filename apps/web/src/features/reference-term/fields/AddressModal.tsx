import { PLANNING_CEP_LOOKUP_FAILED_MESSAGE, type ReferenceTermAddress } from "@certame/domain";
import { Button, Group, Loader, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { MaskedInput } from "../../../ui/inputs/MaskedInput";
import { AppModal } from "../../../ui/modal/AppModal";
import { useCepLookup } from "../../address/useCepLookup";
import {
  type AddressDraft,
  type AddressField,
  addressFieldError,
  addressToDraft,
  draftToAddress,
  STATE_OPTIONS,
  validateAddressDraft,
} from "./address";

export interface AddressModalProps {
  opened: boolean;
  onClose: () => void;
  onSave: (address: ReferenceTermAddress) => void;
  /** The address being edited, when any. */
  initial?: Partial<ReferenceTermAddress> | null;
  title?: string;
  saveLabel?: string;
}

/**
 * The address form (planning §2.11): CEP, Rua, Número, Bairro, Complemento, Cidade and Estado; a
 * complete CEP fills the other fields from the postal-code lookup ('Erro ao encontrar dados do CEP
 * inserido.' when it fails); each field is validated on change and all on save (§5 "Address").
 */
export function AddressModal({
  opened,
  onClose,
  onSave,
  initial,
  title = "Adicionar endereço",
  saveLabel = "Salvar endereço",
}: AddressModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={title} size="lg">
      {opened && <AddressForm initial={initial} onSave={onSave} onCancel={onClose} saveLabel={saveLabel} />}
    </AppModal>
  );
}

function AddressForm({
  initial,
  onSave,
  onCancel,
  saveLabel,
}: {
  initial?: Partial<ReferenceTermAddress> | null;
  onSave: (address: ReferenceTermAddress) => void;
  onCancel: () => void;
  saveLabel: string;
}) {
  const [draft, setDraft] = useState<AddressDraft>(() => addressToDraft(initial));
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [cepTyped, setCepTyped] = useState(false);
  const cep = useCepLookup(cepTyped ? draft.postalCode : "");
  const found = cep.address;

  useEffect(() => {
    if (!found) return;
    setDraft((d) => ({
      ...d,
      street: found.street ?? d.street,
      district: found.district ?? d.district,
      city: found.city ?? d.city,
      state: found.state ?? d.state,
    }));
    setErrors((e) => ({
      ...e,
      street: found.street ? undefined : e.street,
      district: found.district ? undefined : e.district,
      city: found.city ? undefined : e.city,
      state: found.state ? undefined : e.state,
    }));
  }, [found]);

  const change = (field: AddressField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: addressFieldError(field, value) }));
  };

  const save = () => {
    const next = validateAddressDraft(draft);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSave(draftToAddress(draft));
  };

  const cepError = errors.postalCode ?? (cep.error ? PLANNING_CEP_LOOKUP_FAILED_MESSAGE : undefined);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MaskedInput
          mask="cep"
          label="CEP"
          required
          value={draft.postalCode}
          onChange={(masked) => {
            setCepTyped(true);
            change("postalCode", masked);
          }}
          error={cepError}
          rightSection={cep.loading ? <Loader size="xs" aria-label="Consultando CEP" /> : undefined}
        />
        <TextInput
          label="Rua"
          required
          value={draft.street}
          onChange={(e) => change("street", e.currentTarget.value)}
          error={errors.street}
        />
        <TextInput
          label="Número"
          required
          value={draft.number}
          onChange={(e) => change("number", e.currentTarget.value)}
          error={errors.number}
        />
        <TextInput
          label="Bairro"
          required
          value={draft.district}
          onChange={(e) => change("district", e.currentTarget.value)}
          error={errors.district}
        />
        <TextInput
          label="Complemento"
          value={draft.complement}
          onChange={(e) => change("complement", e.currentTarget.value)}
        />
        <TextInput
          label="Cidade"
          required
          value={draft.city}
          onChange={(e) => change("city", e.currentTarget.value)}
          error={errors.city}
        />
        <Select
          label="Estado"
          required
          placeholder="Selecione"
          data={STATE_OPTIONS}
          searchable
          value={draft.state || null}
          onChange={(next) => change("state", next ?? "")}
          error={errors.state}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button onClick={save}>{saveLabel}</Button>
      </Group>
    </Stack>
  );
}
