import {
  formatBRL,
  formatCpfOrCnpj,
  formatPercent,
  formatQuantityBR,
  PRICE_METHODS,
  priceMethodLabel,
} from "@certame/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconSearch, IconTrash, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { saveFile } from "../../api/files";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { AppModal } from "../../ui/modal/AppModal";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import {
  type BudgetBatch,
  type BudgetBatches,
  budgetKeys,
  deleteBudgets,
  downloadPriceSearchReport,
  excludeBudget,
  type PriceMethod,
  readBudgetBatches,
  saveBudgets,
  setPriceMethod,
} from "./budget.api";
import {
  averageCents,
  type BudgetCell,
  cellsOf,
  columnNumbers,
  columnsFromSelection,
  emptyCell,
  type LotCells,
  nextColumnNumber,
  type SelectedPrice,
  savePayload,
  toCents,
} from "./budget-model";
import { PriceSearchModal } from "./PriceSearchModal";
import { SupplierModal } from "./SupplierModal";
import { BUDGET_TEXTS as T } from "./texts";

const money = (cents: number) => formatBRL(cents, 2);
const reais = (value: number | null) => (value == null ? "-" : money(toCents(value)));
const lotName = (batch: BudgetBatch) => `${T.columns.lot} ${batch.number}`;
const METHOD_OPTIONS = PRICE_METHODS.map(({ value }) => ({
  value,
  label: priceMethodLabel(value),
}));

/** The coefficient of variation (a fraction: 0.25 is 25 %), or '-' while there are too few quotes. */
export const cvText = (cv: number | null) => (cv == null ? "-" : formatPercent(cv * 100, 2));

const lotsOf = (data: BudgetBatches): Record<string, LotCells> =>
  Object.fromEntries(data.list.map((b) => [b.id, cellsOf(b)]));

/** The HIGH/LOW mark of a quote (§4 price research criterion) with its criterion as a tooltip. */
function FlagBadge({ flag }: { flag: "HIGH" | "LOW" }) {
  return (
    <Tooltip label={flag === "HIGH" ? T.flags.HIGH_HINT : T.flags.LOW_HINT} multiline w={260} withArrow>
      <Badge color={flag === "HIGH" ? "red" : "orange"} variant="light" size="sm" tabIndex={0}>
        {T.flags[flag]}
      </Badge>
    </Tooltip>
  );
}

/** /cadastrar/processos/:id/orcamento (planning §2.8): the lots' quotes and their reference prices. */
export function BudgetPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const adminPath = `/cadastrar/processos/${id}/edicao`;
  const query = useQuery({
    queryKey: budgetKeys.batches(id),
    queryFn: () => readBudgetBatches(id),
    refetchOnWindowFocus: false,
    refetchOnMount: "always",
  });

  const [lots, setLots] = useState<Record<string, LotCells>>({});
  const [added, setAdded] = useState<number[]>([]);
  const [supplierTarget, setSupplierTarget] = useState<{ batch: BudgetBatch; n: number } | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<number | null>(null);
  const [excludeTarget, setExcludeTarget] = useState<{
    batch: BudgetBatch;
    n: number;
    cell: BudgetCell;
  } | null>(null);
  const [justification, setJustification] = useState("");
  const [justificationError, setJustificationError] = useState<string | null>(null);
  const [searchLot, setSearchLot] = useState<BudgetBatch | null>(null);

  // The table mirrors each fresh read (unsaved edits are kept only until a reload).
  useEffect(() => {
    if (!query.data) return;
    setLots(lotsOf(query.data));
    setAdded([]);
  }, [query.data]);

  // §8: 'Erro ao carregar os dados.', then back.
  useEffect(() => {
    if (!query.isError) return;
    notifyError(undefined, T.loadError);
    navigate(adminPath, { replace: true });
  }, [query.isError, navigate, adminPath]);

  const reload = () => client.invalidateQueries({ queryKey: budgetKeys.batches(id) });
  const data = query.data;
  const batches = data?.list ?? [];
  const columns = columnNumbers(Object.values(lots), added);

  const updateCell = (batchId: string, n: number, change: Partial<BudgetCell>) =>
    setLots((all) => {
      const cells = all[batchId] ?? {};
      return { ...all, [batchId]: { ...cells, [n]: { ...(cells[n] ?? emptyCell()), ...change } } };
    });

  const save = useMutation({
    mutationFn: async () => {
      // A stored quote whose supplier was removed is deleted (only cells with a supplier are sent: §4).
      const orphaned = Object.values(lots).flatMap((cells) =>
        Object.values(cells).flatMap((c) => (c.id && !c.supplier ? [c.id] : [])),
      );
      if (orphaned.length > 0) await deleteBudgets(orphaned);
      const rows = savePayload(lots);
      if (rows.length > 0) await saveBudgets(rows);
    },
    onSuccess: () => {
      notifySuccess(T.saved);
      void reload();
    },
    onError: (e) => notifyApiError(e),
  });

  const deleteColumn = useMutation({
    mutationFn: async (n: number) => {
      const ids = Object.values(lots).flatMap((cells) => (cells[n]?.id ? [cells[n].id as string] : []));
      if (ids.length > 0) await deleteBudgets(ids);
      return { n, stored: ids.length > 0 };
    },
    onSuccess: ({ n, stored }) => {
      setDeleteTarget(null);
      setAdded((a) => a.filter((x) => x !== n));
      setLots((all) =>
        Object.fromEntries(
          Object.entries(all).map(([batchId, cells]) => {
            const { [n]: _gone, ...rest } = cells;
            return [batchId, rest];
          }),
        ),
      );
      if (stored) void reload();
    },
    onError: () => {
      setDeleteTarget(null);
      notifyError(undefined, T.deleteColumnError);
    },
  });

  const method = useMutation({
    mutationFn: ({ batchId, value }: { batchId: string; value: PriceMethod }) =>
      setPriceMethod(batchId, value),
    onSuccess: () => void reload(),
    onError: (e) => notifyApiError(e),
  });

  const exclude = useMutation({
    mutationFn: ({
      budgetId,
      excluded,
      text,
    }: {
      budgetId: string;
      excluded: boolean;
      text: string | null;
    }) => excludeBudget(budgetId, excluded, text),
    onSuccess: () => {
      setExcludeTarget(null);
      void reload();
    },
    onError: (e) => notifyApiError(e),
  });

  const report = useMutation({
    mutationFn: () => downloadPriceSearchReport(id),
    onSuccess: (file) => {
      saveFile(file);
      notifySuccess(T.downloaded);
    },
    onError: (e) => notifyApiError(e),
  });

  const addColumn = () => {
    const n = nextColumnNumber(Object.values(lots), columns);
    setAdded((a) => [...a, n]);
    notifySuccess(T.columnAdded, T.columnAddedTitle);
  };

  /** §4: closing the search with selected prices adds them as the lot's next columns (saved with 'Salvar alterações'). */
  const closeSearch = (selected: SelectedPrice[] | null) => {
    const lot = searchLot;
    setSearchLot(null);
    if (!lot || !selected || selected.length === 0) return;
    const rows = columnsFromSelection(lot.id, lots[lot.id] ?? {}, selected);
    if (rows.length === 0) return;
    setLots((all) => {
      const cells = { ...(all[lot.id] ?? {}) };
      for (const row of rows)
        cells[row.columnOrder] = {
          ...emptyCell(),
          cents: toCents(row.price),
          pncpItemId: row.pncpItemId ?? null,
          supplier: {
            documentNumber: row.supplier.documentNumber,
            corporateName: row.supplier.corporateName ?? row.supplier.name ?? "",
            credentialKind: row.supplier.credentialKind,
            isSmallBusiness: row.supplier.isSmallBusiness,
          },
        };
      return { ...all, [lot.id]: cells };
    });
    notifySuccess(T.supplierAdded, T.columnAddedTitle);
  };

  const back = (
    <Tooltip label={T.back}>
      <ActionIcon variant="default" size="lg" aria-label={T.back} onClick={() => navigate(adminPath)}>
        <IconArrowLeft size={18} />
      </ActionIcon>
    </Tooltip>
  );

  if (!data)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );

  const C = T.columns;
  return (
    <>
      <PageTitle title={T.title(data.process.processNumber)} actions={back} />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Button variant="light" onClick={addColumn}>
            {T.addColumn}
          </Button>
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {T.save}
          </Button>
          <Button variant="default" onClick={() => report.mutate()} loading={report.isPending}>
            {T.report}
          </Button>
          <Button variant="outline" onClick={() => navigate(adminPath)}>
            {T.advance}
          </Button>
        </Group>

        <ScrollTable
          label={T.tableLabel}
          minWidth={1200 + columns.length * 380}
          verticalSpacing="xs"
          withTableBorder
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{C.lot}</Table.Th>
              <Table.Th>{C.item}</Table.Th>
              <Table.Th miw={200}>{C.product}</Table.Th>
              <Table.Th>{C.quantity}</Table.Th>
              <Table.Th>{C.unit}</Table.Th>
              <Table.Th>{C.average}</Table.Th>
              <Table.Th miw={150}>{C.method}</Table.Th>
              <Table.Th>{C.median}</Table.Th>
              <Table.Th>{C.lowest}</Table.Th>
              <Table.Th>{C.cv}</Table.Th>
              {columns.flatMap((n) => [
                <Table.Th key={`b${n}`} miw={180}>
                  <Group gap={4} wrap="nowrap">
                    {C.budget(n)}
                    <Tooltip label={T.deleteColumn}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`${T.deleteColumn} ${C.budget(n)}`}
                        onClick={() => setDeleteTarget(n)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Th>,
                <Table.Th key={`s${n}`} miw={200}>
                  {C.supplier(n)}
                </Table.Th>,
              ])}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={10 + columns.length * 2}>{T.empty}</Table.Td>
              </Table.Tr>
            )}
            {batches.map((batch) => {
              const cells = lots[batch.id] ?? {};
              const lot = lotName(batch);
              return (
                <Table.Tr key={batch.id}>
                  <Table.Td>{batch.number}</Table.Td>
                  <Table.Td>{batch.item ?? "-"}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="space-between">
                      <Text size="sm">{batch.product?.name ?? "-"}</Text>
                      <Tooltip label={T.search}>
                        <ActionIcon
                          variant="light"
                          aria-label={`${T.search} - ${lot}`}
                          onClick={() => setSearchLot(batch)}
                        >
                          <IconSearch size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                  <Table.Td>{batch.quantity == null ? "-" : formatQuantityBR(batch.quantity)}</Table.Td>
                  <Table.Td>{batch.measurementUnit?.description ?? "-"}</Table.Td>
                  <Table.Td data-testid={`average-${batch.id}`}>{money(averageCents(cells))}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`${C.method} - ${lot}`}
                      data={METHOD_OPTIONS}
                      value={batch.priceMethod}
                      allowDeselect={false}
                      size="xs"
                      onChange={(value) =>
                        value && method.mutate({ batchId: batch.id, value: value as PriceMethod })
                      }
                    />
                  </Table.Td>
                  <Table.Td>{reais(batch.medianPrice)}</Table.Td>
                  <Table.Td>{reais(batch.lowestPrice)}</Table.Td>
                  <Table.Td>{cvText(batch.coefficientOfVariation)}</Table.Td>
                  {columns.flatMap((n) => {
                    const cell = cells[n] ?? emptyCell();
                    return [
                      <Table.Td key={`b${n}`}>
                        <Stack gap={4}>
                          <MoneyInput
                            aria-label={`${C.budget(n)} - ${lot}`}
                            size="xs"
                            value={cell.cents}
                            disabled={cell.excluded}
                            onChange={(v) => updateCell(batch.id, n, { cents: v ?? 0 })}
                          />
                          {(cell.flag || cell.excluded) && (
                            <Group gap={4} wrap="wrap">
                              {cell.flag && <FlagBadge flag={cell.flag} />}
                              {cell.excluded ? (
                                <Tooltip
                                  label={cell.exclusionJustification ?? ""}
                                  disabled={!cell.exclusionJustification}
                                >
                                  <Badge color="gray" size="sm" tabIndex={0}>
                                    {T.excluded}
                                  </Badge>
                                </Tooltip>
                              ) : null}
                              {cell.id && cell.excluded && (
                                <Button
                                  size="compact-xs"
                                  variant="subtle"
                                  aria-label={`${T.include} - ${C.budget(n)} - ${lot}`}
                                  onClick={() =>
                                    exclude.mutate({
                                      budgetId: cell.id as string,
                                      excluded: false,
                                      text: null,
                                    })
                                  }
                                >
                                  {T.include}
                                </Button>
                              )}
                              {cell.id && cell.flag && !cell.excluded && (
                                <Button
                                  size="compact-xs"
                                  variant="subtle"
                                  color="red"
                                  aria-label={`${T.exclude} - ${C.budget(n)} - ${lot}`}
                                  onClick={() => {
                                    setJustification("");
                                    setJustificationError(null);
                                    setExcludeTarget({ batch, n, cell });
                                  }}
                                >
                                  {T.exclude}
                                </Button>
                              )}
                            </Group>
                          )}
                        </Stack>
                      </Table.Td>,
                      <Table.Td key={`s${n}`}>
                        {cell.supplier ? (
                          <Group gap={4} wrap="nowrap" justify="space-between">
                            <Tooltip label={formatCpfOrCnpj(cell.supplier.documentNumber)}>
                              <Text size="sm" lineClamp={2}>
                                {cell.supplier.corporateName}
                              </Text>
                            </Tooltip>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${T.removeSupplier} ${n} - ${lot}`}
                              onClick={() => updateCell(batch.id, n, { supplier: null, pncpItemId: null })}
                            >
                              <IconX size={14} />
                            </ActionIcon>
                          </Group>
                        ) : (
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={`${T.addSupplier} ${n} - ${lot}`}
                            onClick={() => setSupplierTarget({ batch, n })}
                          >
                            {T.addSupplier}
                          </Button>
                        )}
                      </Table.Td>,
                    ];
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      </Stack>

      <SupplierModal
        opened={supplierTarget !== null}
        title={supplierTarget ? `${C.supplier(supplierTarget.n)} - ${lotName(supplierTarget.batch)}` : ""}
        onClose={() => setSupplierTarget(null)}
        onAdd={(supplier) => {
          if (supplierTarget) updateCell(supplierTarget.batch.id, supplierTarget.n, { supplier });
          setSupplierTarget(null);
          notifySuccess(T.supplierAdded);
        }}
      />

      <ConfirmModal
        opened={deleteTarget !== null}
        title={T.deleteColumnTitle}
        confirmLabel={T.deleteColumn}
        color="red"
        loading={deleteColumn.isPending}
        onClose={() => setDeleteTarget(null)}
        onConfirm={() => deleteTarget !== null && deleteColumn.mutate(deleteTarget)}
      >
        {T.deleteColumnQuestion}
      </ConfirmModal>

      <AppModal
        opened={excludeTarget !== null}
        onClose={() => setExcludeTarget(null)}
        title={T.excludeTitle}
        size="md"
      >
        <Stack gap="md">
          {excludeTarget && (
            <Text size="sm">
              {`${C.budget(excludeTarget.n)} - ${lotName(excludeTarget.batch)}: ${money(excludeTarget.cell.cents)}`}
              {excludeTarget.cell.flag ? ` (${T.flags[excludeTarget.cell.flag]})` : ""}
            </Text>
          )}
          <Textarea
            label={T.justification}
            withAsterisk
            aria-required
            autosize
            minRows={3}
            maxLength={5000}
            value={justification}
            error={justificationError}
            onChange={(e) => {
              setJustification(e.currentTarget.value);
              setJustificationError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setExcludeTarget(null)}>
              Cancelar
            </Button>
            <Button
              color="red"
              loading={exclude.isPending}
              onClick={() => {
                if (!excludeTarget?.cell.id) return;
                if (!justification.trim()) {
                  setJustificationError(T.supplierModal.required);
                  return;
                }
                exclude.mutate({
                  budgetId: excludeTarget.cell.id,
                  excluded: true,
                  text: justification.trim(),
                });
              }}
            >
              {T.confirmExclude}
            </Button>
          </Group>
        </Stack>
      </AppModal>

      <PriceSearchModal
        opened={searchLot !== null}
        processId={id}
        lotLabel={searchLot ? `${lotName(searchLot)} - ${searchLot.product?.name ?? ""}` : ""}
        objectOfInterest={searchLot?.product?.name ?? ""}
        knownItemIds={
          searchLot
            ? Object.values(lots[searchLot.id] ?? {}).flatMap((c) => (c.pncpItemId ? [c.pncpItemId] : []))
            : []
        }
        onClose={closeSearch}
        onClear={() => {
          const lot = searchLot;
          if (!lot) return;
          // The stored ones lose their supplier and are deleted by 'Salvar alterações'.
          setLots((all) => {
            const cells = { ...(all[lot.id] ?? {}) };
            for (const [n, cell] of Object.entries(cells))
              if (cell.pncpItemId) cells[Number(n)] = { ...emptyCell(), ...(cell.id ? { id: cell.id } : {}) };
            return { ...all, [lot.id]: cells };
          });
        }}
      />
    </>
  );
}
