import {
  IMPACT_LABELS,
  PROBABILITY_LABELS,
  RISK_ALLOCATION_LABELS,
  RISK_PHASE_LABELS,
  type RiskListColumn,
} from "@certame/domain";
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconPencil, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { WizardStepPage } from "../planning-wizard";
import { deleteRisk, listOwnRisks, type Risk, riskKeys } from "./api";
import { RiskFormModal } from "./RiskFormModal";
import { LevelPill } from "./RiskLevel";
import { RISK_TEXTS as T } from "./texts";

/**
 * 'Risco da Contratação' (§2.7): the body's own risks, searched, sorted and paged by the server, with a
 * check to select each for this process ('Selecionar todos' checks the page shown), 'Adicionar novo
 * risco', edit and delete (with the spec's confirmation) — none of which while the process reads only.
 */
export function HiringRiskStep({
  processId,
  selected,
  readOnly,
  readOnlyReason,
  onSave,
  onChanged,
}: {
  processId: string;
  /** The risk ids selected for the process (saved). */
  selected: string[];
  readOnly: boolean;
  readOnlyReason?: string;
  onSave: (riskIds: string[]) => Promise<void>;
  /** After a risk was created, edited or deleted (the matrix's figures may change). */
  onChanged: () => Promise<void>;
}) {
  const client = useQueryClient();
  const [ids, setIds] = useState<string[]>(selected);
  const signature = selected.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the saved selection
  useEffect(() => setIds(selected), [signature]);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TableSort<RiskListColumn>>({ column: "createdDate", order: "DESC" });
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Risk | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Risk | null>(null);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => setPage(1), [term]);

  const list = useQuery({
    queryKey: [...riskKeys.list(processId), page, sort.column, sort.order, term],
    queryFn: () =>
      listOwnRisks(processId, {
        page,
        orderByColumn: sort.column,
        sortOrder: sort.order,
        searchParameters: term || undefined,
      }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.risks ?? [];
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: riskKeys.list(processId) });
    await onChanged();
  };

  const toggle = (id: string, on: boolean) =>
    setIds((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => ids.includes(id));
  const someOnPage = pageIds.some((id) => ids.includes(id));

  const save = async () => {
    setBusy(true);
    try {
      await onSave(ids);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteRisk(processId, deleting.id);
      notifySuccess(T.riskDeleted);
      setIds((current) => current.filter((x) => x !== deleting.id));
      setDeleting(null);
      await refresh();
    } catch (error) {
      notifyError(undefined, serverMessageOr(error));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<Risk, RiskListColumn>[] = [
    {
      key: "check",
      header: "",
      render: (r) => (
        <Checkbox
          aria-label={T.selectRisk(r.description)}
          checked={ids.includes(r.id)}
          disabled={readOnly}
          onChange={(e) => toggle(r.id, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: "description",
      header: T.columns.risk,
      sortKey: "description",
      text: (r) => r.description,
      minWidth: 180,
    },
    {
      key: "phase",
      header: T.columns.phase,
      sortKey: "phase",
      text: (r) => RISK_PHASE_LABELS[r.phase] ?? r.phase,
    },
    {
      key: "probability",
      header: T.columns.probability,
      sortKey: "probability",
      text: (r) => PROBABILITY_LABELS[r.probability] ?? r.probability,
      nowrap: true,
    },
    {
      key: "impact",
      header: T.columns.impact,
      sortKey: "impact",
      text: (r) => IMPACT_LABELS[r.impact] ?? r.impact,
      nowrap: true,
    },
    { key: "level", header: T.columns.level, sortKey: "level", render: (r) => <LevelPill level={r.level} /> },
    {
      key: "allocation",
      header: T.columns.allocation,
      sortKey: "allocation",
      text: (r) => RISK_ALLOCATION_LABELS[r.allocation] ?? r.allocation,
    },
    {
      key: "disclose",
      header: T.columns.disclose,
      sortKey: "disclose",
      text: (r) => (r.disclose ? T.yes : T.no),
    },
    ...(readOnly
      ? []
      : [
          {
            key: "edit",
            header: T.columns.edit,
            align: "center" as const,
            render: (r: Risk) => (
              <ActionIcon
                variant="subtle"
                aria-label={T.editRisk(r.description)}
                onClick={() => setEditing(r)}
              >
                <IconPencil size={16} />
              </ActionIcon>
            ),
          },
          {
            key: "delete",
            header: T.columns.delete,
            align: "center" as const,
            render: (r: Risk) => (
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={T.deleteRisk(r.description)}
                onClick={() => setDeleting(r)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            ),
          },
        ]),
  ];

  return (
    <WizardStepPage
      title={T.hiringRisk}
      tip={T.hiringRiskTip}
      saveDisabled={ids.length === 0}
      saving={busy && editing === undefined && !deleting}
      readOnly={readOnly}
      readOnlyReason={readOnlyReason}
      onSave={() => void save()}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Checkbox
            label={T.selectAll}
            checked={allOnPage}
            indeterminate={!allOnPage && someOnPage}
            disabled={readOnly || pageIds.length === 0}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setIds((current) =>
                on ? [...new Set([...current, ...pageIds])] : current.filter((x) => !pageIds.includes(x)),
              );
            }}
          />
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={T.search}
              placeholder={T.searchPlaceholder}
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              // Enter searches (as typing does); it must not submit the step.
              onKeyDown={(e) => {
                if (e.key === "Enter") e.preventDefault();
              }}
              w={{ base: "100%", xs: 260 }}
            />
            {!readOnly && (
              <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing(null)}>
                {T.addRisk}
              </Button>
            )}
          </Group>
        </Group>
        <DataTable
          label={T.hiringRisk}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          sort={sort}
          onSortChange={setSort}
          loading={list.isFetching}
          pagination={{
            page,
            total: list.data?.total ?? 0,
            limitResult: list.data?.limitResult ?? 10,
            onPageChange: setPage,
          }}
        />
        <Text size="sm" c="gray.7" aria-live="polite">
          {T.selectedCount(ids.length)}
        </Text>
      </Stack>
      <RiskFormModal
        processId={processId}
        opened={editing !== undefined}
        risk={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={async (risk) => {
          const created = !editing;
          setEditing(undefined);
          if (created) setIds((current) => [...new Set([...current, risk.id])]);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={T.deleteTitle}
        cancelLabel={T.back}
        confirmLabel={T.confirmDelete}
        color="red.8"
        loading={busy}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {T.deleteQuestion}
      </ConfirmModal>
    </WizardStepPage>
  );
}
