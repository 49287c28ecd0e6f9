import { formatCpfOrCnpj } from "@certame/domain";
import { Alert, Button, Group, Radio, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconPlus, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf } from "../../ui/notify";
import { listSuppliers, type Supplier, type SupplierSortColumn } from "./api";
import { SupplierRegisterModal } from "./SupplierRegisterModal";
import type { SupplierScope } from "./winners-model";

export const SUPPLIERS_KEY = ["suppliers"] as const;

export const supplierDisplayName = (s: Pick<Supplier, "name" | "corporateName">): string =>
  s.corporateName ?? s.name ?? "";

/** §2.9 row tooltip: name, document, e-mail, phones, trade representative and their CPF. */
function supplierTooltip(s: Supplier): string {
  return [
    supplierDisplayName(s),
    formatCpfOrCnpj(s.documentNumber),
    s.email,
    s.phoneNumber,
    s.cellphoneNumber,
    s.tradeRepresentativeName,
    s.tradeRepresentativeCpf ? formatCpfOrCnpj(s.tradeRepresentativeCpf) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

const COLUMNS: DataTableColumn<Supplier, SupplierSortColumn>[] = [
  { key: "code", header: "Código", sortKey: "code", text: (s) => String(s.code), nowrap: true },
  {
    key: "name",
    header: "Nome / Razão social",
    sortKey: "name",
    minWidth: 220,
    text: supplierDisplayName,
    render: (s) => (
      <Tooltip label={supplierTooltip(s)} multiline maw={360} openDelay={300}>
        <span>{supplierDisplayName(s)}</span>
      </Tooltip>
    ),
  },
  {
    key: "documentNumber",
    header: "CPF/CNPJ",
    sortKey: "documentNumber",
    text: (s) => formatCpfOrCnpj(s.documentNumber),
    nowrap: true,
  },
];

const DEFAULT_SORT: TableSort<SupplierSortColumn> = { column: "code", order: "ASC" };
const AFTER_ADD_SORT: TableSort<SupplierSortColumn> = { column: "createdDate", order: "DESC" };

/**
 * 'Lista de licitantes' (§2.9): search, paged table (default sort code; createdDate after an
 * addition), a row click returns the supplier with the 'Indicar em:' choice when `withScope`.
 */
export function SupplierPickerModal({
  opened,
  onClose,
  onSelect,
  withScope = false,
  customTitle,
}: {
  opened: boolean;
  onClose: () => void;
  onSelect: (supplier: Supplier, scope: SupplierScope) => void;
  withScope?: boolean;
  customTitle?: string;
}) {
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [scope, setScope] = useState<SupplierScope>("SELECTED");
  const [registering, setRegistering] = useState(false);

  // Closing resets the search for the next opening; a reset at opening could land after a first click.
  useEffect(() => {
    if (!opened) {
      setSearch("");
      setFilter("");
      setPage(1);
      setSort(DEFAULT_SORT);
      setScope("SELECTED");
    }
  }, [opened]);

  const query = useQuery({
    queryKey: [...SUPPLIERS_KEY, filter, page, sort.column, sort.order],
    queryFn: () =>
      listSuppliers({
        searchParameters: filter || undefined,
        page,
        orderByColumn: sort.column,
        sortOrder: sort.order,
      }),
    placeholderData: keepPreviousData,
    enabled: opened,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
    setPage(1);
  };

  return (
    <>
      <AppModal
        opened={opened && !registering}
        onClose={onClose}
        title={customTitle ? `Lista de ${customTitle}es` : "Lista de licitantes"}
        size="xl"
      >
        <Stack gap="sm">
          <Text c="dimmed" size="sm">
            Selecione o licitante que você deseja inserir
          </Text>
          <Group justify="space-between" align="flex-end">
            <form onSubmit={submit} aria-label="Pesquisar licitantes" style={{ flex: 1, maxWidth: 480 }}>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  flex={1}
                  aria-label="Pesquisar licitantes"
                  placeholder="Nome, razão social ou CPF/CNPJ"
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                />
                <Button type="submit" variant="light">
                  Pesquisar
                </Button>
              </Group>
            </form>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setRegistering(true)}>
              Adicionar novo licitante
            </Button>
          </Group>
          {withScope && (
            <Radio.Group label="Indicar em:" value={scope} onChange={(v) => setScope(v as SupplierScope)}>
              <Group gap="lg" mt={4}>
                <Radio value="SELECTED" label="Lote Selecionado" />
                <Radio value="ALL" label="Todos os Lotes" />
              </Group>
            </Radio.Group>
          )}
          {query.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro">
              {errorMessageOf(query.error)}
            </Alert>
          )}
          <DataTable
            label="Lista de licitantes"
            columns={COLUMNS}
            rows={query.isError ? [] : (query.data?.suppliers ?? [])}
            rowKey={(s) => s.id}
            rowLabel={(s) => `Selecionar ${supplierDisplayName(s)}`}
            onRowClick={(s) => onSelect(s, withScope ? scope : "SELECTED")}
            sort={sort}
            onSortChange={setSort}
            loading={query.isFetching}
            pagination={{
              page,
              total: query.data?.total ?? 0,
              limitResult: query.data?.limitResult ?? 0,
              onPageChange: setPage,
            }}
          />
        </Stack>
      </AppModal>
      <SupplierRegisterModal
        opened={opened && registering}
        onClose={() => setRegistering(false)}
        onCreated={() => {
          setRegistering(false);
          setSearch("");
          setFilter("");
          setSort(AFTER_ADD_SORT);
          setPage(1);
          void client.invalidateQueries({ queryKey: SUPPLIERS_KEY });
        }}
      />
    </>
  );
}
