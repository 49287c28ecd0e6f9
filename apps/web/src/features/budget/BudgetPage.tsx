import {
  ActionIcon,
  Button,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconSearch } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { saveFile } from "../../api/files";
import { PageControls } from "../../ui/data-table/PageControls";
import { serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { AppModal } from "../../ui/modal/AppModal";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { money } from "./BudgetCells";
import { BudgetLotCards } from "./BudgetLotCards";
import { type BudgetLotView, lotName } from "./BudgetLotView";
import { BudgetTable } from "./BudgetTable";
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
  BUDGET_PAGE_SIZE,
  BUDGET_SORTS,
  type BudgetCell,
  type BudgetSort,
  cellsOf,
  columnNumbers,
  columnsFromSelection,
  emptyCell,
  type LotCells,
  nextColumnNumber,
  type SelectedPrice,
  savePayload,
  toCents,
  visibleBatches,
} from "./budget-model";
import { PriceSearchModal } from "./PriceSearchModal";
import { SupplierModal } from "./SupplierModal";
import { BUDGET_TEXTS as T } from "./texts";

// The phone shows each lot as a card with its quotes stacked (no sideways scrolling for the inputs).
const PHONE_QUERY = "(max-width: 47.99em)";
const lotsOf = (data: BudgetBatches): Record<string, LotCells> =>
  Object.fromEntries(data.list.map((b) => [b.id, cellsOf(b)]));

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
  const { ref: exclusionRef, refused: exclusionRefused } = useFocusFirstInvalid<HTMLDivElement>();
  const [searchLot, setSearchLot] = useState<BudgetBatch | null>(null);
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<BudgetSort>("lot");
  const [page, setPage] = useState(1);
  const phone = useMediaQuery(PHONE_QUERY) ?? false;

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
    // The server judges the justification (at least 10 characters): its refusal lands on the field.
    onError: (e) => {
      const refusal = serverFieldErrors(e)?.exclusionJustification;
      if (refusal) {
        setJustificationError(refusal);
        exclusionRefused();
      } else notifyApiError(e);
    },
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
  const shown = visibleBatches(batches, lots, { search, sort, page });
  const cellProps = (batch: BudgetBatch, n: number) => {
    const cell = lots[batch.id]?.[n] ?? emptyCell();
    const lot = lotName(batch);
    return {
      quote: {
        n,
        lot,
        cell,
        onCents: (cents: number) => updateCell(batch.id, n, { cents }),
        onInclude: (budgetId: string) => exclude.mutate({ budgetId, excluded: false, text: null }),
        onExclude: () => {
          setJustification("");
          setJustificationError(null);
          setExcludeTarget({ batch, n, cell });
        },
      },
      supplier: {
        n,
        lot,
        cell,
        onAdd: () => setSupplierTarget({ batch, n }),
        onRemove: () => updateCell(batch.id, n, { supplier: null, pncpItemId: null }),
      },
    };
  };
  const view: BudgetLotView = {
    cellProps,
    onSearch: setSearchLot,
    onMethod: (batch, value) => method.mutate({ batchId: batch.id, value }),
  };
  const emptyText = batches.length === 0 ? T.empty : T.noMatch;

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

        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label={T.searchLots}
            placeholder={T.searchLotsPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: "100%", xs: 320 }}
          />
          <Select
            label={T.sortBy}
            data={BUDGET_SORTS.map((value) => ({ value, label: T.sorts[value] }))}
            value={sort}
            allowDeselect={false}
            onChange={(value) => value && setSort(value as BudgetSort)}
            w={{ base: "100%", xs: 240 }}
          />
        </Group>

        {phone ? (
          <BudgetLotCards rows={shown.rows} empty={emptyText} columns={columns} lots={lots} view={view} />
        ) : (
          <BudgetTable
            rows={shown.rows}
            empty={emptyText}
            columns={columns}
            lots={lots}
            view={view}
            onDeleteColumn={setDeleteTarget}
          />
        )}
        {shown.total > BUDGET_PAGE_SIZE && (
          <PageControls
            page={page}
            total={shown.total}
            limitResult={BUDGET_PAGE_SIZE}
            onPageChange={setPage}
          />
        )}
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
        <Stack gap="md" ref={exclusionRef}>
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
                  exclusionRefused();
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
