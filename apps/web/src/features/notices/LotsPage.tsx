import {
  allowedBatchParticipations,
  areLotsEditable,
  areLotValuesEditable,
  BATCH_ITEM_PARTICIPATION_LABELS,
  DECIMALS_OPTIONS,
  floorMinimumVariationPercent,
  formatBRL,
  formatLotTotal,
  formatPercent,
  hasWinnersStep,
  LOT_VALUES_LOCKED_MESSAGE,
  LOTS_NOT_EDITABLE_MESSAGE,
  rescale,
  type VariationKind,
} from "@certame/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconDownload,
  IconFileImport,
  IconInfoCircle,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { PercentInput } from "../../ui/inputs/PercentInput";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_SELECT_TEXT, EMPTY_TABLE_TEXT } from "../../ui/texts";
import { ProductCatalogueModal } from "../products/ProductCatalogue";
import {
  bulkUpdateLots,
  changeVariationKind,
  deleteAllLots,
  deleteLot,
  downloadLotsTemplate,
  importLots,
  type LotRow,
  listLots,
  listMeasurementUnits,
  saveLots,
} from "./api";
import {
  draftToPayload,
  draftTotal,
  type LotDraft,
  lotPropertyLabel,
  lotsEqual,
  lotToDraft,
  missingLotFields,
  newItemDraft,
  newLotDraft,
} from "./lots-model";
import { noticeQueryKey, useNotice } from "./NoticeFormPage";
import { LOT_TEXTS, NOTICE_TEXTS } from "./texts";

const lotsKey = (id: string) => ["notices", "lots", id] as const;

/** §8 "Lot save or edit": 400 → 'Erro: {field}' warning; 403 → the server's message; otherwise the generic text. */
export function notifyLotError(error: unknown) {
  if (error instanceof ApiError && error.status === 400 && error.properties[0]) {
    const first = error.properties[0];
    notifyWarning(`Erro: ${lotPropertyLabel(first.property)}`, first.errorMessages[0] ?? error.message);
  } else if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
    notifyWarning("Atenção", errorMessageOf(error));
  } else notifyError();
}

export function LotsPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notice = useNotice(id);
  const lots = useQuery({ queryKey: lotsKey(id), queryFn: () => listLots(id), enabled: Boolean(id) });
  const units = useQuery({
    queryKey: ["reference", "units"],
    queryFn: listMeasurementUnits,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const [editing, setEditing] = useState<LotDraft | null>(null);
  const [draft, setDraft] = useState<LotDraft | null>(null);
  const [pristine, setPristine] = useState<LotDraft | null>(null);
  const [catalogueFor, setCatalogueFor] = useState<"new" | "edit" | null>(null);
  const [confirmDeleteAll, setConfirmDeleteAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [variationValue, setVariationValue] = useState<number | null>(null);

  const n = notice.data;
  const rows = lots.data?.auctionBatches ?? [];
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: lotsKey(id) });
  };

  if (!n || lots.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Group>
    );
  }

  const editable = areLotsEditable(n.status);
  const valuesEditable = areLotValuesEditable(n, new Date());
  const variationKind: VariationKind = n.variationKind ?? "REAL";
  const percentOnly = n.dispensationForm === "BIGGEST_DISCOUNT";
  const participations = allowedBatchParticipations(n.processParticipation);
  const nextLotNumber = rows.reduce((max, r) => Math.max(max, r.number), 0) + 1;
  const newDraft = draft ?? newLotDraft(nextLotNumber, n.processParticipation);
  const basePristine = pristine ?? newLotDraft(nextLotNumber, n.processParticipation);
  const itemsInLot = (number: number) => rows.filter((r) => r.number === number).length;
  const wideLots = [
    ...new Set(rows.filter((r) => r.batchItemParticipation === "WIDE_PARTICIPATION").map((r) => r.number)),
  ];
  const unitOptions = (units.data ?? []).map((u) => ({
    value: u.code,
    label: `${u.code} — ${u.description}`,
  }));
  const allBrand = rows.length > 0 && rows.every((r) => Boolean(r.isProductBrandRequired));
  const decimalsShown = rows.length > 0 && rows.every((r) => r.decimalsNumber === 4) ? "4" : "2";

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = async (d: LotDraft, created: boolean): Promise<boolean> => {
    try {
      await saveLots(id, [draftToPayload(d)]);
      notifySuccess(created ? LOT_TEXTS.created : LOT_TEXTS.changed);
      // Cleared before the list is read again, so the running total never counts the row twice.
      if (created) {
        setDraft(null);
        setPristine(null);
      } else setEditing(null);
      await refresh();
      return true;
    } catch (error) {
      notifyLotError(error);
      return false;
    }
  };

  const addLot = () =>
    run(async () => {
      if (await saveDraft(newDraft, true)) {
        setDraft(null);
        setPristine(null);
      }
    });

  const saveEdit = () =>
    run(async () => {
      if (editing && (await saveDraft(editing, false))) setEditing(null);
    });

  const remove = (row: LotRow) =>
    run(async () => {
      try {
        await deleteLot(row.id);
        notifySuccess(LOT_TEXTS.deleted);
        await refresh();
      } catch (error) {
        notifyLotError(error);
      }
    });

  const removeAll = () =>
    run(async () => {
      try {
        await deleteAllLots(id);
        notifySuccess(LOT_TEXTS.deletedAll);
        setConfirmDeleteAll(false);
        await refresh();
      } catch (error) {
        notifyLotError(error);
      }
    });

  const bulk = (change: Parameters<typeof bulkUpdateLots>[1]) =>
    run(async () => {
      try {
        await bulkUpdateLots(id, change);
        notifySuccess(LOT_TEXTS.changed);
        await refresh();
      } catch (error) {
        notifyLotError(error);
      }
    });

  const switchVariationKind = (kind: VariationKind) =>
    run(async () => {
      try {
        await changeVariationKind(id, kind);
        await client.invalidateQueries({ queryKey: noticeQueryKey(id) });
      } catch (error) {
        notifyLotError(error);
      }
    });

  const importFile = (file: File | null) =>
    file &&
    run(async () => {
      try {
        await importLots(id, file);
        notifySuccess(LOT_TEXTS.added);
        await refresh();
      } catch (error) {
        notifyApiError(error, NOTICE_TEXTS.importError);
      }
    });

  const template = () =>
    run(async () => {
      try {
        saveFile(await downloadLotsTemplate(id));
      } catch {
        notifyError(NOTICE_TEXTS.templateErrorTitle, NOTICE_TEXTS.templateErrorText);
      }
    });

  // The running 'Valor total' follows what is typed: a row being edited counts with its new values,
  // and the unsaved new row counts as soon as it has a quantity and a price (issue 12).
  const total = formatLotTotal([
    ...rows.map((r) =>
      editing?.id === r.id
        ? { scaled: draftTotal(editing), decimals: editing.decimalsNumber }
        : { scaled: r.totalAmount ?? 0, decimals: r.decimalsNumber },
    ),
    { scaled: draftTotal(newDraft), decimals: newDraft.decimalsNumber },
  ]);
  const draftChanged = !lotsEqual(newDraft, basePristine);
  const draftComplete = missingLotFields(newDraft, variationKind).length === 0;

  const advance = () =>
    run(async () => {
      if (editable && draftChanged && draftComplete) {
        if (!(await saveDraft(newDraft, true))) return;
        setDraft(null);
        setPristine(null);
      }
      navigate(
        hasWinnersStep(n.modality)
          ? `/cadastrar/editais/${id}/vencedores-do-edital`
          : `/cadastrar/editais/${id}/documentos-do-edital`,
      );
    });

  const startItem = (row: LotRow) => {
    const next = newItemDraft(row, row.item + 1);
    setDraft(next);
    setPristine(next);
  };

  /** The editable cells of a row being created or edited. */
  const editorCells = (d: LotDraft, set: (d: LotDraft) => void, target: "new" | "edit") => {
    const copiedItem = d.item > 1;
    const single = d.id ? itemsInLot(d.number) === 1 : !copiedItem;
    const participationEditable = participations.length > 1 && single;
    const valuesLocked = Boolean(d.id) && !valuesEditable;
    const dec = d.decimalsNumber;
    const money = (
      label: string,
      value: number | null,
      onChange: (v: number | null) => void,
      disabled = false,
    ) => (
      <MoneyInput
        aria-label={label}
        size="xs"
        decimals={dec}
        value={value}
        onChange={onChange}
        disabled={disabled}
        w={104}
      />
    );
    return (
      <>
        <Table.Td>
          <Text fw={600}>{d.number}</Text>
        </Table.Td>
        <Table.Td>{d.item}</Table.Td>
        <Table.Td miw={120}>
          <UnstyledButton
            onClick={() => !valuesLocked && setCatalogueFor(target)}
            aria-label={`Escolher produto: ${d.product?.name ?? "Selecionar do catálogo"}`}
            disabled={valuesLocked}
            style={{
              border: "1px solid var(--mantine-color-gray-4)",
              borderRadius: 4,
              padding: "4px 8px",
              width: "100%",
            }}
          >
            <Text size="xs" c={d.product ? undefined : "dimmed"} lineClamp={2}>
              {d.product?.name ?? "Selecionar do catálogo"}
            </Text>
          </UnstyledButton>
        </Table.Td>
        <Table.Td>
          <NumberInput
            aria-label="Quantidade"
            size="xs"
            w={72}
            min={0}
            decimalScale={4}
            decimalSeparator=","
            thousandSeparator="."
            hideControls
            value={d.quantity ?? ""}
            onChange={(v) => set({ ...d, quantity: v === "" ? null : Number(v) })}
            disabled={valuesLocked}
          />
        </Table.Td>
        <Table.Td>
          <Select
            aria-label="Unidade"
            size="xs"
            w={84}
            searchable
            data={unitOptions}
            value={d.measurementUnitCode}
            onChange={(v) => set({ ...d, measurementUnitCode: v })}
            nothingFoundMessage={EMPTY_SELECT_TEXT}
            disabled={valuesLocked}
            comboboxProps={{ withinPortal: true, width: 260 }}
          />
        </Table.Td>
        <Table.Td>
          {money("Preço de referência", d.unitPrice, (v) => set({ ...d, unitPrice: v }), valuesLocked)}
        </Table.Td>
        <Table.Td ta="center">
          <Checkbox
            aria-label="Marca obrigatória"
            checked={d.isProductBrandRequired}
            onChange={(e) => set({ ...d, isProductBrandRequired: e.currentTarget.checked })}
          />
        </Table.Td>
        <Table.Td>
          <Select
            aria-label="Casas decimais"
            size="xs"
            w={56}
            data={DECIMALS_OPTIONS.map((o) => String(o))}
            value={String(dec)}
            allowDeselect={false}
            disabled={valuesLocked}
            onChange={(v) => {
              const to = Number(v) as 2 | 4;
              set({
                ...d,
                decimalsNumber: to,
                unitPrice: d.unitPrice === null ? null : rescale(d.unitPrice, dec, to),
                minimumVariation: d.minimumVariation === null ? null : rescale(d.minimumVariation, dec, to),
              });
            }}
          />
        </Table.Td>
        <Table.Td>
          {variationKind === "PERCENTAGE" ? (
            <PercentInput
              aria-label="Variação mínima"
              size="xs"
              w={84}
              value={d.percentMinimumVariation}
              onChange={(v) => set({ ...d, percentMinimumVariation: v })}
              onBlur={() =>
                d.percentMinimumVariation !== null &&
                set({
                  ...d,
                  percentMinimumVariation: floorMinimumVariationPercent(d.percentMinimumVariation),
                })
              }
              disabled={!single}
            />
          ) : (
            money("Variação mínima", d.minimumVariation, (v) => set({ ...d, minimumVariation: v }), !single)
          )}
        </Table.Td>
        <Table.Td>
          <Stack gap={4}>
            <Select
              aria-label="Participação"
              size="xs"
              w={124}
              data={participations.map((p) => ({ value: p, label: BATCH_ITEM_PARTICIPATION_LABELS[p] }))}
              value={d.batchItemParticipation}
              allowDeselect={false}
              disabled={!participationEditable}
              onChange={(v) =>
                v && set({ ...d, batchItemParticipation: v as LotDraft["batchItemParticipation"] })
              }
              comboboxProps={{ withinPortal: true, width: 280 }}
            />
            {d.batchItemParticipation === "DIFFERENTIATED" && d.item === 1 && (
              <Select
                aria-label="Lote de ampla participação"
                placeholder="Lote de ampla participação"
                size="xs"
                w={124}
                data={wideLots
                  .filter((w) => w !== d.number)
                  .map((w) => ({ value: String(w), label: `Lote ${w}` }))}
                value={d.wideParticipationBatch ? String(d.wideParticipationBatch) : null}
                onChange={(v) => set({ ...d, wideParticipationBatch: v ? Number(v) : null })}
                nothingFoundMessage={EMPTY_SELECT_TEXT}
              />
            )}
          </Stack>
        </Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-testid="row-total">
          {formatBRL(draftTotal(d), dec)}
        </Table.Td>
      </>
    );
  };

  const viewCells = (r: LotRow) => (
    <>
      <Table.Td>
        <Text fw={600}>{r.number}</Text>
      </Table.Td>
      <Table.Td>{r.item}</Table.Td>
      <Table.Td miw={120}>
        <Text size="sm" lineClamp={2}>
          {r.product?.name ?? "—"}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {Number(r.quantity).toLocaleString("pt-BR", { maximumFractionDigits: 4 })}
      </Table.Td>
      <Table.Td>{r.measurementUnit?.code ?? "—"}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {formatBRL(r.unitReferencePrice ?? r.referencePrice, r.decimalsNumber)}
      </Table.Td>
      <Table.Td ta="center">{r.isProductBrandRequired ? "Sim" : "Não"}</Table.Td>
      <Table.Td>{r.decimalsNumber}</Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>
        {variationKind === "PERCENTAGE"
          ? formatPercent(r.percentMinimumVariation)
          : formatBRL(r.minimumVariation, r.decimalsNumber)}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{BATCH_ITEM_PARTICIPATION_LABELS[r.batchItemParticipation]}</Text>
        {r.batchItemParticipation === "DIFFERENTIATED" && r.wideParticipationBatch && (
          <Text size="xs" c="dimmed">
            Vinculado ao lote {r.wideParticipationBatch}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-testid="row-total">
        {formatBRL(r.totalAmount ?? 0, r.decimalsNumber)}
      </Table.Td>
    </>
  );

  const lastItemOf = (r: LotRow) => !rows.some((o) => o.number === r.number && o.item > r.item);

  return (
    <>
      <PageTitle
        title="Criar Edital"
        description={`Lotes e itens do edital ${n.noticeNumber} — ${n.objectOfInterest}`}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => void template()}
            >
              Baixar Planilha de Lotes/Itens
            </Button>
            {editable && (
              <FileButton onChange={(f) => void importFile(f)} accept=".xlsx">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileImport size={16} />}>
                    Anexar Arquivo de Lotes/Itens
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        {!editable && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {LOTS_NOT_EDITABLE_MESSAGE}
          </Alert>
        )}
        {editable && !valuesEditable && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {LOT_VALUES_LOCKED_MESSAGE}
          </Alert>
        )}
        {editable && (
          <Paper withBorder radius="md" p="md">
            <Group gap="xl" align="flex-end" wrap="wrap">
              <Switch
                label="Exibir marca"
                checked={allBrand}
                disabled={busy || rows.length === 0}
                onChange={(e) => void bulk({ isProductBrandRequired: e.currentTarget.checked })}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Casas decimais
                </Text>
                <SegmentedControl
                  aria-label="Casas decimais"
                  data={DECIMALS_OPTIONS.map((o) => String(o))}
                  value={decimalsShown}
                  disabled={busy || rows.length === 0 || !valuesEditable}
                  onChange={(v) => void bulk({ decimalsNumber: Number(v) as 2 | 4 })}
                />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  Variação mínima
                </Text>
                <Group gap="xs" align="center">
                  <SegmentedControl
                    aria-label="Tipo de variação mínima"
                    data={[
                      { value: "REAL", label: "R$", disabled: percentOnly },
                      { value: "PERCENTAGE", label: "%", disabled: !percentOnly },
                    ]}
                    value={variationKind}
                    disabled={busy}
                    onChange={(v) => void switchVariationKind(v as VariationKind)}
                  />
                  {variationKind === "PERCENTAGE" ? (
                    <PercentInput
                      aria-label="Valor da variação"
                      w={120}
                      value={variationValue}
                      onChange={setVariationValue}
                    />
                  ) : (
                    <MoneyInput
                      aria-label="Valor da variação"
                      w={140}
                      value={variationValue}
                      onChange={setVariationValue}
                    />
                  )}
                  <Button
                    variant="light"
                    disabled={busy || variationValue === null || rows.length === 0}
                    onClick={() =>
                      variationValue !== null &&
                      void bulk({
                        variation: {
                          kind: variationKind,
                          value:
                            variationKind === "PERCENTAGE"
                              ? floorMinimumVariationPercent(variationValue)
                              : variationValue / 100,
                        },
                      })
                    }
                  >
                    Alterar Variações
                  </Button>
                </Group>
              </Stack>
            </Group>
          </Paper>
        )}

        <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
          <Table
            aria-label="Lotes do edital"
            verticalSpacing="xs"
            horizontalSpacing={6}
            fz="sm"
            striped
            highlightOnHover
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lote</Table.Th>
                <Table.Th>Item</Table.Th>
                <Table.Th>Produto/Serviço</Table.Th>
                <Table.Th>Quantidade</Table.Th>
                <Table.Th>Unidade</Table.Th>
                <Table.Th>Preço de referência</Table.Th>
                <Table.Th ta="center">Marca</Table.Th>
                <Table.Th>Casas decimais</Table.Th>
                <Table.Th>Variação mínima</Table.Th>
                <Table.Th>Participação</Table.Th>
                <Table.Th ta="right">Valor total</Table.Th>
                {editable && <Table.Th ta="center">Ações</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && !editable && (
                <Table.Tr>
                  <Table.Td colSpan={12} ta="center" c="dimmed" py="lg">
                    {EMPTY_TABLE_TEXT}
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((r) =>
                editing?.id === r.id ? (
                  <Table.Tr key={r.id} aria-label={`Lote ${r.number} item ${r.item}`}>
                    {editorCells(editing, setEditing, "edit")}
                    <Table.Td>
                      <Stack gap={4} align="stretch">
                        <Button
                          size="compact-sm"
                          leftSection={<IconCheck size={14} />}
                          loading={busy}
                          onClick={() => void saveEdit()}
                          disabled={missingLotFields(editing, variationKind).length > 0}
                        >
                          Salvar
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconX size={14} />}
                          onClick={() => setEditing(null)}
                        >
                          Cancelar
                        </Button>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  <Table.Tr key={r.id} aria-label={`Lote ${r.number} item ${r.item}`}>
                    {viewCells(r)}
                    {editable && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="center">
                          <Tooltip label="Editar">
                            <ActionIcon
                              variant="subtle"
                              aria-label="Editar"
                              onClick={() => setEditing(lotToDraft(r))}
                              disabled={busy || editing !== null}
                            >
                              <IconPencil size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Excluir">
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label="Excluir"
                              onClick={() => void remove(r)}
                              disabled={busy}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {lastItemOf(r) && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              onClick={() => startItem(r)}
                              disabled={busy}
                            >
                              + Item
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ),
              )}
              {editable && (
                <Table.Tr aria-label="Novo lote" bg="certame.0">
                  {editorCells(newDraft, setDraft, "new")}
                  <Table.Td>
                    <Stack gap={4} align="stretch">
                      <Button
                        size="compact-sm"
                        leftSection={<IconPlus size={14} />}
                        disabled={!draftComplete || busy}
                        onClick={() => void addLot()}
                      >
                        {newDraft.item > 1 ? "Adicionar item" : "Adicionar lote"}
                      </Button>
                      {(draftChanged || newDraft.item > 1) && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => {
                            setDraft(null);
                            setPristine(null);
                          }}
                        >
                          Cancelar
                        </Button>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>

        <Group justify="space-between">
          <Group gap="md">
            <Text fw={700} fz="lg">
              Valor total: <span data-testid="lots-total">{total}</span>
            </Text>
            {editable && rows.length > 0 && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmDeleteAll(true)}
              >
                Excluir todos
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => navigate(`/cadastrar/editais/${id}/formulario`)}
            >
              Voltar
            </Button>
            <Button rightSection={<IconArrowRight size={16} />} loading={busy} onClick={() => void advance()}>
              Avançar
            </Button>
          </Group>
        </Group>
      </Stack>

      <ProductCatalogueModal
        opened={catalogueFor !== null}
        onClose={() => setCatalogueFor(null)}
        onSelect={(p) => {
          const product = { id: p.id, name: p.name };
          if (catalogueFor === "edit" && editing) setEditing({ ...editing, product });
          else setDraft({ ...newDraft, product });
          setCatalogueFor(null);
        }}
      />
      <ConfirmModal
        opened={confirmDeleteAll}
        title="Excluir todos os lotes"
        confirmLabel="Excluir todos"
        color="red"
        loading={busy}
        onConfirm={() => void removeAll()}
        onClose={() => setConfirmDeleteAll(false)}
      >
        Deseja mesmo excluir todos os lotes e itens deste edital?
      </ConfirmModal>
    </>
  );
}
