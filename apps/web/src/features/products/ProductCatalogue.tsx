import type { ProductSortColumn } from "@certame/domain";
import { Alert, Button, FileButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconDownload, IconFileImport, IconPlus, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { saveFile } from "../../api/files";
import { DataTable, type DataTableColumn, type TableSort } from "../../ui/data-table/DataTable";
import { AppModal } from "../../ui/modal/AppModal";
import { errorMessageOf, notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { downloadProductTemplate, importProducts, listProducts, type Product } from "./api";
import { ProductFormModal } from "./ProductFormModal";

export const PRODUCTS_KEY = ["products"] as const;

const COLUMNS: DataTableColumn<Product, ProductSortColumn>[] = [
  { key: "code", header: "Código", sortKey: "code", text: (p) => String(p.code), nowrap: true },
  { key: "name", header: "Produto/Serviço", sortKey: "name", text: (p) => p.name, minWidth: 160 },
  {
    key: "technicalDescription",
    header: "Descrição",
    sortKey: "technicalDescription",
    text: (p) => p.technicalDescription,
    minWidth: 180,
  },
];

/**
 * The product catalogue (§2.14): search, sortable columns (default code), paging, 'Adicionar novo
 * produto' and, on the page, import from .xlsx and the template. With `onSelect`, clicking a row picks it.
 */
export function ProductCatalogue({
  onSelect,
  withImport = false,
}: {
  onSelect?: (p: Product) => void;
  withImport?: boolean;
}) {
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<TableSort<ProductSortColumn>>({ column: "code", order: "ASC" });
  const [creating, setCreating] = useState(false);

  const query = useQuery({
    queryKey: [...PRODUCTS_KEY, filter, page, sort.column, sort.order],
    queryFn: () =>
      listProducts({
        searchParameters: filter || undefined,
        page,
        orderByColumn: sort.column,
        sortOrder: sort.order,
      }),
    placeholderData: keepPreviousData,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(search.trim());
    setPage(1);
  };

  const columns: DataTableColumn<Product, ProductSortColumn>[] = onSelect
    ? [
        ...COLUMNS,
        {
          key: "select",
          header: "",
          align: "right",
          nowrap: true,
          render: (p) => (
            // The whole row selects too (§2.14); the button is the visible, named way to do it.
            <Button
              size="xs"
              variant="light"
              onClick={(event) => {
                event.stopPropagation();
                onSelect(p);
              }}
              onKeyDown={(event) => event.stopPropagation()}
              aria-label={`Selecionar ${p.name}`}
            >
              Selecionar
            </Button>
          ),
        },
      ]
    : COLUMNS;

  const template = async () => {
    try {
      saveFile(await downloadProductTemplate());
    } catch {
      notifyError("Erro ao baixar", "Por favor, tente novamente.");
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      await importProducts(file);
      notifySuccess("Produtos importados");
      setSort({ column: "createdDate", order: "DESC" });
      setPage(1);
      await client.invalidateQueries({ queryKey: PRODUCTS_KEY });
    } catch (error) {
      notifyApiError(error, "Erro ao enviar");
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <form onSubmit={submit} aria-label="Pesquisar produtos" style={{ flex: 1, maxWidth: 520 }}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label="Pesquisar produtos"
              placeholder="Código, nome ou descrição"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button type="submit" variant="light">
              Pesquisar
            </Button>
          </Group>
        </form>
        <Group gap="xs">
          {withImport && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() => void template()}
              >
                Baixar modelo
              </Button>
              <FileButton onChange={(f) => void importFile(f)} accept=".xlsx">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileImport size={16} />}>
                    Importar planilha
                  </Button>
                )}
              </FileButton>
            </>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Adicionar novo produto
          </Button>
        </Group>
      </Group>
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Erro">
          {errorMessageOf(query.error)}
        </Alert>
      )}
      <DataTable
        label="Catálogo de produtos"
        columns={columns}
        rows={query.isError ? [] : (query.data?.products ?? [])}
        rowKey={(p) => p.id}
        onRowClick={onSelect}
        sort={sort}
        onSortChange={setSort}
        loading={query.isFetching}
        pagination={{
          page,
          total: query.data?.total ?? 0,
          totalIsLowerBound: query.data?.totalIsLowerBound,
          limitResult: query.data?.limitResult ?? 0,
          onPageChange: setPage,
        }}
      />
      <ProductFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setSort({ column: "createdDate", order: "DESC" });
          setPage(1);
          void client.invalidateQueries({ queryKey: PRODUCTS_KEY });
        }}
      />
    </Stack>
  );
}

/** The catalogue modal ('Catálogo de produtos'): pick a product for a lot. */
export function ProductCatalogueModal({
  opened,
  onClose,
  onSelect,
}: {
  opened: boolean;
  onClose: () => void;
  onSelect: (p: Product) => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Catálogo de produtos" size="70rem">
      <Text c="dimmed" size="sm" mb="md">
        Selecione o produto que você deseja inserir
      </Text>
      <ProductCatalogue onSelect={onSelect} />
    </AppModal>
  );
}
