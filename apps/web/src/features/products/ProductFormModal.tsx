import { PRODUCT_DESCRIPTION_MAX_LENGTH, PRODUCT_NAME_MAX_LENGTH } from "@certame/domain";
import { Alert, Button, Group, List, Radio, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { CountedTextarea } from "../../ui/counted-textarea/CountedTextarea";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { createProduct, listSimilarProducts, type Product, type SimilarProduct } from "./api";
import { PRODUCT_TEXTS } from "./texts";

export const PRODUCT_CREATED_TEXT = PRODUCT_TEXTS.created;

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
  /** Near-duplicate names found for `checkedName`; the next 'Adicionar mesmo assim' adds anyway. */
  const [similar, setSimilar] = useState<{ checkedName: string; products: SimilarProduct[] } | null>(null);

  const filled = form.name.trim() !== "" && form.technicalDescription.trim() !== "";
  const warned = similar !== null && similar.checkedName === form.name.trim() && similar.products.length > 0;

  /** Issue 12: before adding, look for products with a near name; show them once, then add on request. */
  const findSimilar = async (): Promise<SimilarProduct[]> => {
    try {
      return await listSimilarProducts(form.name.trim());
    } catch {
      return []; // The check only helps: a failure must not keep the user from adding.
    }
  };

  const submit = async () => {
    setSaving(true);
    try {
      if (!warned) {
        const found = await findSimilar();
        setSimilar({ checkedName: form.name.trim(), products: found });
        if (found.length > 0) return;
      }
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
      {warned && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={PRODUCT_TEXTS.similarTitle}
          role="alert"
          // The light yellow's own title colour fails contrast (axe); the icon keeps the colour.
          styles={{ title: { color: "var(--mantine-color-text)" } }}
        >
          <Stack gap="xs">
            <Text size="sm">{PRODUCT_TEXTS.similarText}</Text>
            <List size="sm" aria-label={PRODUCT_TEXTS.similarTitle}>
              {similar.products.map((p) => (
                <List.Item key={p.id}>
                  {p.code} — {p.name}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={!filled} loading={saving} onClick={() => void submit()}>
          {warned ? PRODUCT_TEXTS.addAnyway : "Adicionar"}
        </Button>
      </Group>
    </Stack>
  );
}
