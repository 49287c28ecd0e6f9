import { formatQuantityBR, nextLotNumber, quantitySchema } from "@certame/domain";
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload, IconFileImport, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { listMeasurementUnits } from "../notices/api";
import { WizardStepPage } from "../planning-wizard";
import type { Product } from "../products/api";
import { ProductCatalogueModal } from "../products/ProductCatalogue";
import {
  type DemandBatch,
  deleteDemandBatch,
  downloadDemandTemplate,
  importDemandBatches,
  saveDemandBatches,
} from "./api";
import { DFD_TEXTS as T } from "./texts";

/** The line being typed: a new one (the placeholder row of §4) or a copy of a line under 'Editar'. */
interface LineDraft {
  id?: string;
  number: number;
  item: number;
  product: { id: string; name: string } | null;
  quantity: string;
  unit: string | null;
}

const FIELD_LABELS: Record<string, string> = {
  product: T.product,
  quantity: T.quantity,
  measurementUnit: T.unit,
  item: T.item,
  number: T.lot,
};

/** §8 "Lots": a 400 says 'Erro: {field label}' with its first message; a 403 the server's text. */
function notifyLineError(error: unknown) {
  if (error instanceof ApiError && error.status === 400 && error.properties[0]) {
    const property = error.properties[0];
    const key = property.property.split(".").find((part) => part in FIELD_LABELS) ?? "";
    notifyError(`Erro: ${FIELD_LABELS[key] ?? property.property}`, property.errorMessages[0]);
  } else notifyApiError(error);
}

/** 'Quantidade': the server's rule (§5: greater than zero, up to 4 places), typed pt-BR ('10,5'). */
const validQuantity = (text: string) => quantitySchema.safeParse(text).success;

/**
 * §2.5 'Materiais/Serviços': the lots/items of the demand. The table lists the lines (Lote, Item,
 * Produto/Serviço, Quantidade, Unidade); a line is typed in the form under it — a new lot, a new item
 * of a lot (offered on the lot's last item) or a copy of a line under 'Editar' — so the inputs keep
 * their width on a phone. 'Anexar Arquivo de Lotes/Itens' adds the template's lots; only while the
 * process is pending (§4).
 */
export function LotsStep({
  processId,
  demandFormalizationId,
  ensureDocument,
  batches,
  readOnly,
  onChanged,
  onNext,
}: {
  processId: string;
  demandFormalizationId: string | null;
  ensureDocument: () => Promise<string>;
  batches: DemandBatch[];
  readOnly: boolean;
  onChanged: () => Promise<unknown>;
  onNext: () => void;
}) {
  const units = useQuery({ queryKey: ["measurement-units"], queryFn: listMeasurementUnits });
  const [draft, setDraft] = useState<LineDraft | null>(null);
  const [catalogue, setCatalogue] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<DemandBatch | null>(null);

  const lastItemOf = (lot: number) => Math.max(...batches.filter((b) => b.number === lot).map((b) => b.item));
  const newLot = () =>
    setDraft({ number: nextLotNumber(batches), item: 1, product: null, quantity: "", unit: null });

  const saveDraft = async () => {
    if (!draft?.product || !draft.unit) return;
    setBusy(true);
    try {
      const docId = demandFormalizationId ?? (await ensureDocument());
      await saveDemandBatches(docId, [
        {
          ...(draft.id ? { id: draft.id } : {}),
          number: draft.number,
          item: draft.item,
          product: { id: draft.product.id },
          quantity: draft.quantity.trim().replace(",", "."),
          measurementUnit: { code: draft.unit },
        },
      ]);
      notifySuccess(draft.id ? T.lotChanged : T.lotCreated);
      setDraft(null);
      await onChanged();
    } catch (error) {
      notifyLineError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteDemandBatch(removing.id);
      notifySuccess(T.lotDeleted);
      setRemoving(null);
      await onChanged();
    } catch (error) {
      notifyLineError(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await importDemandBatches(processId, file);
      notifySuccess(T.lotsAdded);
      await onChanged();
    } catch (error) {
      const first = error instanceof ApiError ? error.properties[0] : undefined;
      notifyError(
        T.importError,
        first ? `${first.property}: ${first.errorMessages[0]}` : errorMessageOf(error),
      );
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      saveFile(await downloadDemandTemplate());
    } catch {
      notifyError(T.downloadError, T.downloadErrorText);
    }
  };

  const draftValid = Boolean(draft?.product && draft.unit && validQuantity(draft.quantity));
  return (
    <WizardStepPage
      title="Lotes e Itens"
      tip={T.lotsTip}
      saveDisabled={batches.length === 0 || draft !== null}
      readOnly={readOnly}
      readOnlyReason="Os lotes e itens só podem ser alterados enquanto o processo está pendente e não excluído."
      onSave={onNext}
    >
      <Group gap="sm" wrap="wrap">
        {!readOnly && (
          <FileButton onChange={(file) => void upload(file)} accept=".xlsx,.xls">
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="xs"
                leftSection={<IconFileImport size={14} />}
                loading={busy}
              >
                {T.attach}
              </Button>
            )}
          </FileButton>
        )}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} />}
          onClick={() => void template()}
        >
          {T.template}
        </Button>
        {!readOnly && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={newLot}
            disabled={draft !== null}
          >
            {T.addLot}
          </Button>
        )}
      </Group>
      <ScrollTable label="Lotes e itens" minWidth={520} striped withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{T.lot}</Table.Th>
            <Table.Th w={56}>{T.item}</Table.Th>
            <Table.Th>{T.product}</Table.Th>
            <Table.Th w={110}>{T.quantity}</Table.Th>
            <Table.Th w={110}>{T.unit}</Table.Th>
            {!readOnly && <Table.Th w={120}>{T.actions}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={readOnly ? 5 : 6}>
                <Text size="sm" c="dimmed">
                  {T.noLots}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            batches.map((b) => {
              const name = `${T.lot} ${b.number} ${T.item} ${b.item}`;
              return (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.number}</Table.Td>
                  <Table.Td>{b.item}</Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {b.product.code} — {b.product.name}
                  </Table.Td>
                  <Table.Td>{formatQuantityBR(b.quantity)}</Table.Td>
                  <Table.Td>{b.measurementUnit.description}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <Group gap={2} wrap="nowrap">
                        {b.item === lastItemOf(b.number) && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${T.addItem} ao ${T.lot.toLowerCase()} ${b.number}`}
                            disabled={draft !== null}
                            onClick={() =>
                              setDraft({
                                number: b.number,
                                item: b.item + 1,
                                product: null,
                                quantity: "",
                                unit: null,
                              })
                            }
                          >
                            <IconPlus size={16} />
                          </ActionIcon>
                        )}
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${T.edit} ${name}`}
                          disabled={draft !== null}
                          onClick={() =>
                            setDraft({
                              id: b.id,
                              number: b.number,
                              item: b.item,
                              product: { id: b.product.id, name: b.product.name },
                              quantity: formatQuantityBR(b.quantity).replaceAll(".", ""),
                              unit: b.measurementUnit.code,
                            })
                          }
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        {/* §4: 'Editar' hides delete while the copy is being changed. */}
                        {draft?.id !== b.id && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`${T.remove} ${name}`}
                            onClick={() => setRemoving(b)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </ScrollTable>

      {draft && !readOnly && (
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={T.lineForm(draft.number, draft.item)}
        >
          <Stack gap="sm">
            <Title order={3} fz="md">
              {T.lineForm(draft.number, draft.item)}
            </Title>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {T.product} <span aria-hidden>*</span>
              </Text>
              {draft.product ? (
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {draft.product.name}
                  </Text>
                  <CloseButton
                    aria-label={T.removeProduct}
                    onClick={() => setDraft({ ...draft, product: null })}
                  />
                </Group>
              ) : (
                <Button variant="light" size="xs" w="fit-content" onClick={() => setCatalogue(true)}>
                  {T.insert}
                </Button>
              )}
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={T.quantity}
                withAsterisk
                inputMode="decimal"
                placeholder="0,00"
                value={draft.quantity}
                onChange={(e) => setDraft({ ...draft, quantity: e.currentTarget.value })}
                error={
                  draft.quantity && !validQuantity(draft.quantity)
                    ? "Quantidade maior que zero, até 4 casas decimais"
                    : undefined
                }
              />
              <Select
                label={T.unit}
                withAsterisk
                searchable
                data={(units.data ?? []).map((u) => ({
                  value: u.code,
                  label: `${u.description} (${u.code})`,
                }))}
                value={draft.unit}
                onChange={(unit) => setDraft({ ...draft, unit })}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDraft(null)}>
                {T.cancel}
              </Button>
              <Button onClick={() => void saveDraft()} disabled={!draftValid} loading={busy}>
                {T.save}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <ProductCatalogueModal
        opened={catalogue}
        onClose={() => setCatalogue(false)}
        onSelect={(p: Product) => {
          setCatalogue(false);
          setDraft((d) => (d ? { ...d, product: { id: p.id, name: p.name } } : d));
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        title={T.deleteLineTitle}
        confirmLabel="Confirmar exclusão"
        color="red"
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {removing ? T.deleteLineText(removing.number, removing.item) : ""}
      </ConfirmModal>
    </WizardStepPage>
  );
}
