import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from "@certame/domain";
import { Button, Group, Radio, Stack } from "@mantine/core";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { createProduct, type Product } from "./api";

export const PRODUCT_CREATED_TEXT = "Produto cadastrado com sucesso";

const EMPTY = { name: "", technicalDescription: "", isBasicProductiveIncentive: false };

/** 'Cadastro de produtos/serviços' (§2.14): name, PPB incentive and technical description. */
export function ProductFormModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (product: Product) => void;
}) {
  // The form lives in the dialog's content, which mounts at each opening: every opening starts empty
  // (§2.17) without a reset effect that could land after the user's first keystroke.
  return (
    <AppModal opened={opened} onClose={onClose} title="Cadastro de produtos/serviços">
      <ProductFormFields onClose={onClose} onCreated={onCreated} />
    </AppModal>
  );
}

function ProductFormFields({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (product: Product) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const filled = form.name.trim() !== "" && form.technicalDescription.trim() !== "";

  const submit = async () => {
    setSaving(true);
    try {
      const product = await createProduct(form);
      notifySuccess(PRODUCT_CREATED_TEXT);
      onCreated(product);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        const found = propertiesToFieldErrors(error.properties);
        setErrors(
          Object.fromEntries(
            Object.entries(found).map(([k, v]) => [k.replace(/^productsData\.\d+\./, ""), v]),
          ),
        );
      } else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <CountedTextarea
        label="Nome do produto/serviço"
        withAsterisk
        minRows={1}
        value={form.name}
        maxLength={PRODUCT_NAME_MAX_LENGTH}
        onChange={(name) => setForm((f) => ({ ...f, name }))}
        error={errors.name}
      />
      <Radio.Group
        label="Incentivo fiscal PPB (Processo Produtivo Básico)"
        withAsterisk
        value={form.isBasicProductiveIncentive ? "yes" : "no"}
        onChange={(v) => setForm((f) => ({ ...f, isBasicProductiveIncentive: v === "yes" }))}
      >
        <Group gap="lg" mt={6}>
          <Radio value="yes" label="Sim" />
          <Radio value="no" label="Não" />
        </Group>
      </Radio.Group>
      <CountedTextarea
        label="Descrição técnica"
        withAsterisk
        value={form.technicalDescription}
        maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
        onChange={(technicalDescription) => setForm((f) => ({ ...f, technicalDescription }))}
        error={errors.technicalDescription}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={!filled} loading={saving} onClick={() => void submit()}>
          Adicionar
        </Button>
      </Group>
    </Stack>
  );
}
