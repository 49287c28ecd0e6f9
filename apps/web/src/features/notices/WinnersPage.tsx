import { WINNER_BRAND_MAX_LENGTH, WINNERS_NOT_EDITABLE_MESSAGE } from "@certame/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconArrowRight,
  IconDeviceFloppy,
  IconInfoCircle,
  IconPlus,
  IconSum,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf, notifyApiError, notifySuccess, notifyWarning } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { deleteWinners, listLots, listWinners, saveWinners, sumWinners } from "./api";
import { SupplierPickerModal, supplierDisplayName } from "./SupplierPickerModal";
import { WINNER_TEXTS } from "./texts";
import { useNotice } from "./useNotice";
import {
  addWinnerSlot,
  applySupplier,
  brandRequired,
  buildWinnerRows,
  canSaveWinners,
  clearSupplier,
  formatRowTotal,
  referencePriceText,
  removeUnsavedSlot,
  showsAddWinner,
  showsDeleteWinner,
  slotBidIds,
  toWinnerPayload,
  type WinnerDraft,
  winnerColumns,
} from "./winners-model";

const winnersKey = (id: string) => ["notices", "winners", id] as const;
const winnerLotsKey = (id: string) => ["notices", "lots", id] as const;

/** A 400 names the row and field ('0.unitPrice'); show its first message as a warning. */
function notifyWinnerError(error: unknown) {
  if (error instanceof ApiError && error.status === 400 && error.properties[0]) {
    notifyWarning("Atenção", error.properties[0].errorMessages[0] ?? error.message);
  } else if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
    notifyWarning("Atenção", errorMessageOf(error));
  } else notifyApiError(error);
}

/** 'Somatória dos Valores' (§2.7): the saved totals per supplier and the 'Restante'. */
function SumModal({
  id,
  opened,
  onClose,
  dirty,
}: {
  id: string;
  opened: boolean;
  onClose: () => void;
  dirty: boolean;
}) {
  const sum = useQuery({
    queryKey: ["notices", "winners-sum", id],
    queryFn: () => sumWinners(id),
    enabled: opened,
    staleTime: 0,
  });
  return (
    <AppModal opened={opened} onClose={onClose} title="Somatória dos Valores">
      <Stack gap="sm">
        {dirty && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            Os valores abaixo são os salvos. Clique em Salvar para incluir as alterações da tabela.
          </Alert>
        )}
        {sum.isPending ? (
          <Group justify="center" py="md">
            <Loader role="progressbar" size="sm" aria-label="Carregando" />
          </Group>
        ) : (
          <Table aria-label="Somatória dos Valores" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome do Fornecedor</Table.Th>
                <Table.Th ta="right">Somatória dos Valores</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sum.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={2}>{errorMessageOf(sum.error)}</Table.Td>
                </Table.Tr>
              ) : (
                (sum.data?.rows ?? []).map((r) => (
                  <Table.Tr key={r.supplierId ?? "remaining"}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {r.formatted}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </AppModal>
  );
}

/** The winners step (§2.7): /cadastrar/editais/{id}/vencedores-do-edital. */
export function WinnersPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const notice = useNotice(id);
  const lots = useQuery({
    queryKey: winnerLotsKey(id),
    queryFn: () => listLots(id),
    enabled: Boolean(id),
  });
  const winners = useQuery({
    queryKey: winnersKey(id),
    queryFn: () => listWinners(id),
    enabled: Boolean(id),
  });

  const [rows, setRows] = useState<WinnerDraft[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [picking, setPicking] = useState<WinnerDraft | null>(null);
  const [showSum, setShowSum] = useState(false);
  const [busy, setBusy] = useState(false);

  const lotRows = lots.data?.auctionBatches;
  const saved = winners.data?.winners;
  useEffect(() => {
    if (lotRows && saved) {
      setRows(buildWinnerRows(lotRows, saved));
      setDirty(false);
    }
  }, [lotRows, saved]);

  const n = notice.data;
  if (!n || !rows || !winners.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Group>
    );
  }

  const editable = winners.data.isEditable;
  const columns = winnerColumns(n.modality, rows, editable);
  const valid = canSaveWinners(n.modality, rows);
  const preQualification = n.modality === "PRE_QUALIFICATION";
  const change = (next: WinnerDraft[]) => {
    setRows(next);
    setDirty(true);
  };
  const update = (row: WinnerDraft, patch: Partial<WinnerDraft>) =>
    change(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r)));

  const refresh = () => client.invalidateQueries({ queryKey: winnersKey(id) });

  const save = async (): Promise<boolean> => {
    try {
      await saveWinners(id, toWinnerPayload(n.modality, rows));
      notifySuccess(WINNER_TEXTS.created);
      setDirty(false);
      await refresh();
      return true;
    } catch (error) {
      notifyWinnerError(error);
      return false;
    }
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const remove = (row: WinnerDraft) =>
    run(async () => {
      const bidIds = slotBidIds(rows, row);
      if (bidIds.length === 0) {
        change(removeUnsavedSlot(rows, row));
        return;
      }
      try {
        await deleteWinners(id, bidIds);
        notifySuccess(WINNER_TEXTS.deleted);
        await refresh();
      } catch (error) {
        notifyWinnerError(error);
      }
    });

  const advance = () =>
    run(async () => {
      if (editable && valid && !(await save())) return;
      navigate(`/cadastrar/editais/${id}/documentos-do-edital`);
    });

  const headers = [
    "Lote",
    "Item",
    "Produto/Serviço",
    ...(columns.prices ? ["Preço de referência"] : []),
    "Licitante",
    ...(columns.prices ? ["Valor Unitário (R$)", "Valor total (R$)"] : []),
    ...(columns.brand ? ["Marca"] : []),
    ...(columns.winnerActions ? ["Vencedor"] : []),
  ];

  return (
    <>
      <PageTitle
        title={preQualification ? "Preencher Pré-Qualificados" : "Preencher Vencedores"}
        description={`Edital ${n.noticeNumber} — ${n.objectOfInterest}`}
      />
      <Stack gap="md">
        {!editable && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {WINNERS_NOT_EDITABLE_MESSAGE}
          </Alert>
        )}
        <Paper withBorder radius="md" style={{ overflowX: "auto" }}>
          <Table aria-label="Vencedores do edital" verticalSpacing="xs" horizontalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h} ta={h.startsWith("Valor") ? "right" : undefined}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={headers.length} ta="center" c="dimmed" py="lg">
                    {EMPTY_TABLE_TEXT}
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((r) => {
                const label = `Lote ${r.lot.number} item ${r.lot.item}${r.slot > 0 ? ` vencedor ${r.slot + 1}` : ""}`;
                return (
                  <Table.Tr key={r.key} aria-label={label}>
                    <Table.Td>
                      <Text fw={600}>{r.lot.number}</Text>
                    </Table.Td>
                    <Table.Td>{r.lot.item}</Table.Td>
                    <Table.Td miw={200}>
                      <Text size="sm" lineClamp={2}>
                        {r.lot.product?.name ?? "—"}
                      </Text>
                    </Table.Td>
                    {columns.prices && (
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{referencePriceText(r.lot)}</Table.Td>
                    )}
                    <Table.Td miw={180}>
                      {r.supplier ? (
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm" lineClamp={2}>
                            {r.supplier.name}
                          </Text>
                          {editable && (
                            <Tooltip label="Remover licitante">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                size="sm"
                                aria-label={`Remover licitante do ${label}`}
                                onClick={() => change(clearSupplier(rows, r))}
                              >
                                <IconX size={14} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      ) : editable ? (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Inserir licitante no ${label}`}
                          onClick={() => setPicking(r)}
                        >
                          Inserir
                        </Button>
                      ) : (
                        "—"
                      )}
                    </Table.Td>
                    {columns.prices && (
                      <>
                        <Table.Td>
                          {editable ? (
                            <MoneyInput
                              aria-label={`Valor Unitário (R$) do ${label}`}
                              size="xs"
                              w={140}
                              decimals={r.lot.decimalsNumber}
                              value={r.unitPrice}
                              onChange={(v) => update(r, { unitPrice: v })}
                              error={r.unitPrice === 0 ? true : undefined}
                            />
                          ) : (
                            referencePriceText({ ...r.lot, unitReferencePrice: r.unitPrice ?? 0 })
                          )}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-testid="winner-total">
                          {formatRowTotal(r, n.offerKind)}
                        </Table.Td>
                      </>
                    )}
                    {columns.brand && (
                      <Table.Td>
                        {brandRequired(r) &&
                          (editable ? (
                            <TextInput
                              aria-label={`Marca do ${label}`}
                              size="xs"
                              w={150}
                              maxLength={WINNER_BRAND_MAX_LENGTH}
                              value={r.brand}
                              onChange={(e) => update(r, { brand: e.currentTarget.value })}
                            />
                          ) : (
                            r.brand || "—"
                          ))}
                      </Table.Td>
                    )}
                    {columns.winnerActions && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {showsAddWinner(rows, r) && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              leftSection={<IconPlus size={12} />}
                              aria-label={`Adicionar vencedor ao lote ${r.lot.number}`}
                              onClick={() => change(addWinnerSlot(rows, r.lot.number))}
                              disabled={busy}
                            >
                              Vencedor
                            </Button>
                          )}
                          {showsDeleteWinner(rows, r) && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconTrash size={12} />}
                              aria-label={`Excluir vencedor do ${label}`}
                              onClick={() => void remove(r)}
                              disabled={busy}
                            >
                              Excluir
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>

        <Group justify="space-between">
          <Group gap="sm">
            {columns.sum && (
              <Button variant="default" leftSection={<IconSum size={16} />} onClick={() => setShowSum(true)}>
                Visualizar Somatória
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => navigate(`/cadastrar/editais/${id}/lotes-do-edital`)}
            >
              Voltar
            </Button>
            {editable && (
              <Button
                variant="light"
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!valid || busy}
                onClick={() => void run(async () => void (await save()))}
              >
                Salvar
              </Button>
            )}
            <Button rightSection={<IconArrowRight size={16} />} loading={busy} onClick={() => void advance()}>
              Avançar
            </Button>
          </Group>
        </Group>
      </Stack>

      <SupplierPickerModal
        opened={picking !== null}
        withScope
        onClose={() => setPicking(null)}
        onSelect={(supplier, scope) => {
          if (picking)
            change(
              applySupplier(rows, picking, { id: supplier.id, name: supplierDisplayName(supplier) }, scope),
            );
          setPicking(null);
        }}
      />
      <SumModal id={id} opened={showSum} onClose={() => setShowSum(false)} dirty={dirty} />
    </>
  );
}
