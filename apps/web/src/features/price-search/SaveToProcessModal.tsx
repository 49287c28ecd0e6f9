import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyApiError, notifySuccess, notifyWarning } from "../../ui/notify";
import { lotName } from "../budget/BudgetLotView";
import { budgetKeys, readBudgetBatches, saveBudgets } from "../budget/budget.api";
import { cellsOf, columnsFromBasket, type SelectedPrice, type TypedQuote } from "../budget/budget-model";
import { BUDGET_TEXTS } from "../budget/texts";
import { listProcesses } from "../processes/api";
import { PRICE_SEARCH_PAGE_TEXTS } from "./texts";

const T = PRICE_SEARCH_PAGE_TEXTS.save;

/**
 * 'Salvar no processo': the basket into one lot of one of the body's processes, through the budget's
 * own save (app/budget/save), as the budget screen's search does (§4 "Budget columns").
 */
export function SaveToProcessModal({
  opened,
  selected,
  typed,
  onClose,
}: {
  opened: boolean;
  selected: SelectedPrice[];
  typed: TypedQuote[];
  onClose: () => void;
}) {
  const client = useQueryClient();
  const [processId, setProcessId] = useState<string | null>(null);
  const [batchId, setBatchId] = useState<string | null>(null);
  const [search, setSearch] = useState("");
  const [searched] = useDebouncedValue(search, 300);

  useEffect(() => {
    if (!opened) return;
    setProcessId(null);
    setBatchId(null);
    setSearch("");
  }, [opened]);

  const processes = useQuery({
    queryKey: ["price-search", "processes", searched],
    queryFn: () =>
      listProcesses({
        page: 1,
        limit: 100,
        orderByColumn: "createdDate",
        sortOrder: "DESC",
        searchParameters: searched.trim() || undefined,
      }),
    enabled: opened,
    // The chosen process stays among the options while a new search runs.
    placeholderData: keepPreviousData,
  });
  const batches = useQuery({
    queryKey: budgetKeys.batches(processId ?? ""),
    queryFn: () => readBudgetBatches(processId as string),
    enabled: opened && processId !== null,
  });

  const processOptions = (processes.data?.processes ?? [])
    .filter((p) => !p.isDeleted)
    .map((p) => ({ value: p.id, label: p.processNumber }));
  const lots = batches.data?.list ?? [];
  const lotOptions = lots.map((b) => ({ value: b.id, label: `${lotName(b)} - ${b.product?.name ?? ""}` }));

  const save = useMutation({
    mutationFn: async () => {
      const batch = lots.find((b) => b.id === batchId);
      if (!batch) return 0;
      const rows = columnsFromBasket(batch.id, cellsOf(batch), selected, typed);
      if (rows.length > 0) await saveBudgets(rows);
      return rows.length;
    },
    onSuccess: (count) => {
      if (count === 0) {
        notifyWarning(T.title, T.nothingNew);
        return;
      }
      notifySuccess(BUDGET_TEXTS.saved);
      void client.invalidateQueries({ queryKey: budgetKeys.batches(processId ?? "") });
      onClose();
    },
    onError: (e) => notifyApiError(e),
  });

  return (
    <AppModal opened={opened} onClose={onClose} title={T.title} size="lg">
      <Stack gap="md">
        <Text size="sm">{T.hint}</Text>
        <Select
          label={T.process}
          placeholder={T.processPlaceholder}
          withAsterisk
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={processOptions}
          value={processId}
          nothingFoundMessage={processes.isFetching ? "Carregando..." : "Nenhum processo encontrado"}
          onChange={(value) => {
            setProcessId(value);
            setBatchId(null);
          }}
        />
        {processId && !batches.isPending && lots.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noLots}
          </Text>
        ) : (
          <Select
            label={T.lot}
            placeholder={T.lotPlaceholder}
            withAsterisk
            disabled={!processId || batches.isPending}
            data={lotOptions}
            value={batchId}
            onChange={setBatchId}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button disabled={!batchId} loading={save.isPending} onClick={() => save.mutate()}>
            {T.confirm}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
