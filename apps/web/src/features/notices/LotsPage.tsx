import {
  allowedBatchParticipations,
  areLotsEditable,
  areLotValuesEditable,
  formatLotTotal,
  hasWinnersStep,
  LOT_VALUES_LOCKED_MESSAGE,
  LOTS_NOT_EDITABLE_MESSAGE,
  type VariationKind,
} from "@certame/domain";
import { Alert, Button, FileButton, Group, Loader, Stack, Text } from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconDownload,
  IconFileImport,
  IconInfoCircle,
  IconTrash,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { saveFile } from "../../api/files";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
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
import { LotsBulkBar } from "./LotsBulkBar";
import { LotsTable } from "./LotsTable";
import {
  draftToPayload,
  draftTotal,
  type LotDraft,
  lotPropertyLabel,
  lotsEqual,
  missingLotFields,
  newItemDraft,
  newLotDraft,
} from "./lots-model";
import { LOT_TEXTS, NOTICE_TEXTS } from "./texts";
import { noticeQueryKey, useNotice } from "./useNotice";

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
          <LotsBulkBar
            rows={rows}
            busy={busy}
            valuesEditable={valuesEditable}
            percentOnly={percentOnly}
            variationKind={variationKind}
            onBulk={(change) => void bulk(change)}
            onVariationKind={(kind) => void switchVariationKind(kind)}
          />
        )}
        <LotsTable
          rows={rows}
          editable={editable}
          busy={busy}
          context={{ itemsInLot, participations, valuesEditable, variationKind, unitOptions, wideLots }}
          editing={editing}
          onEdit={setEditing}
          newDraft={newDraft}
          onDraft={setDraft}
          draftComplete={draftComplete}
          draftChanged={draftChanged}
          onPickProduct={setCatalogueFor}
          onSaveEdit={() => void saveEdit()}
          onRemove={(r) => void remove(r)}
          onStartItem={startItem}
          onAddLot={() => void addLot()}
          onCancelDraft={() => {
            setDraft(null);
            setPristine(null);
          }}
        />
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
