import {
  BRAZILIAN_STATES,
  formatBRL,
  formatCpfOrCnpj,
  PRICE_SEARCH_MODALITY_REQUIRED,
  PRICE_SEARCH_OBJECT_TOO_LONG,
  PRICE_SEARCH_STATE_REQUIRED,
} from "@certame/domain";
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Checkbox,
  Group,
  Highlight,
  Loader,
  MultiSelect,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import {
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { serverMessageOr } from "../../api/client";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { notifyError, notifyWarning } from "../../ui/notify";
import { useSession } from "../auth/session";
import {
  ALL_STATES,
  listPncpItemResults,
  listPncpItems,
  PNCP_MODALITY_OPTIONS,
  PNCP_PAGE_SIZE,
  type PncpItem,
  type PncpItemResult,
  type PncpNotice,
  type PncpSearchQuery,
  searchPncp,
} from "./budget.api";
import {
  cutObject,
  isNoticeSelected,
  keywordsOf,
  matchesKeywords,
  type SelectedPrice,
  selectionCounters,
  toCents,
} from "./budget-model";
import { FigureCards } from "./FigureCards";
import { PRICE_SEARCH_TEXTS as T } from "./texts";

const STATE_OPTIONS = [ALL_STATES, ...BRAZILIAN_STATES.map((s) => s.code)];
const MODALITY_OPTIONS = PNCP_MODALITY_OPTIONS.map((m) => ({ value: String(m.code), label: m.name }));
const ALL_MODALITIES = MODALITY_OPTIONS.map((m) => m.value);

/** dd/mm/yyyy of a portal date ('2024-05-10T10:00:00' or '2024-05-10'). */
export function portalDate(text: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "-";
}

const money = (reais: number | null | undefined) => (reais == null ? "-" : formatBRL(toCents(reais), 2));
const plain = (v: unknown) => (v === null || v === undefined || v === "" ? "-" : String(v));

/** 'Selecionar Todos' excludes the states and a state excludes it (§2.9, §5). */
function nextStates(previous: string[], value: string[]): string[] {
  if (value.includes(ALL_STATES) && !previous.includes(ALL_STATES)) return [ALL_STATES];
  if (value.includes(ALL_STATES) && value.length > 1) return value.filter((s) => s !== ALL_STATES);
  return value;
}

/** A selected portal item: its homologation, and the tender and item it came from. */
export interface Selection extends SelectedPrice {
  notice: PncpNotice;
  item: PncpItem;
}

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  return (
    <Group gap="xs" justify="flex-end">
      <ActionIcon
        variant="default"
        aria-label={T.previous}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text size="sm">{T.page(page, Math.max(total, 1))}</Text>
      <ActionIcon
        variant="default"
        aria-label={T.next}
        disabled={page >= total}
        onClick={() => onPage(page + 1)}
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}

/** 'Detalhe do Processo Selecionado': the tender's items, each with 'Selecionar' (§2.9). */
function NoticeItems({
  notice,
  keywords,
  selected,
  onToggle,
  onBack,
}: {
  notice: PncpNotice;
  keywords: string[];
  selected: Map<string, Selection>;
  onToggle: (item: PncpItem, checked: boolean) => Promise<void>;
  onBack: () => void;
}) {
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const items = useQuery({
    queryKey: ["pncp-items", notice.numeroControlePNCP, page],
    queryFn: () => listPncpItems(notice, page),
  });
  // §8: a failed item-list load is only logged.
  useEffect(() => {
    if (items.isError) console.error(items.error);
  }, [items.isError, items.error]);
  const shown = (items.data?.list ?? []).filter((i) => matchesKeywords(i.descricao, keywords));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
          {T.back}
        </Button>
        <Text fw={600}>{T.detail}</Text>
      </Group>
      <Text size="sm">
        {T.act(notice.sequencialCompra, notice.anoCompra)} — {notice.orgaoEntidade.razaoSocial}
      </Text>
      {items.isPending ? (
        <Center py="md">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      ) : shown.length === 0 ? (
        <Text c="dimmed">{T.emptyItems}</Text>
      ) : (
        <ScrollTable label={T.detail} minWidth={1800} striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.select}</Table.Th>
              {T.itemColumns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => {
              const chosen = selected.get(item.itemId);
              const r: PncpItemResult | undefined = chosen?.result;
              return (
                <Table.Tr key={item.itemId}>
                  <Table.Td>
                    {busy === item.itemId ? (
                      <Loader size="xs" aria-label="Carregando" />
                    ) : (
                      <Checkbox
                        aria-label={`${T.select} item ${item.numeroItem}`}
                        checked={!!chosen}
                        disabled={!item.temResultado && !chosen}
                        onChange={async (e) => {
                          const checked = e.currentTarget.checked;
                          setBusy(item.itemId);
                          try {
                            await onToggle(item, checked);
                          } finally {
                            setBusy(null);
                          }
                        }}
                      />
                    )}
                  </Table.Td>
                  <Table.Td>{item.numeroItem}</Table.Td>
                  <Table.Td miw={280}>
                    <Highlight highlight={keywords} size="sm">
                      {item.descricao}
                    </Highlight>
                  </Table.Td>
                  <Table.Td>{plain(item.quantidade)}</Table.Td>
                  <Table.Td>{plain(item.unidadeMedida)}</Table.Td>
                  <Table.Td>{money(item.valorUnitarioEstimado)}</Table.Td>
                  <Table.Td>{money(item.valorTotal)}</Table.Td>
                  <Table.Td>{plain(item.materialOuServicoNome)}</Table.Td>
                  <Table.Td>{plain(item.criterioJulgamentoNome)}</Table.Td>
                  <Table.Td>{plain(r?.quantidadeHomologada)}</Table.Td>
                  <Table.Td>{r ? money(r.valorUnitarioHomologado) : "-"}</Table.Td>
                  <Table.Td>{r ? money(r.valorTotalHomologado) : "-"}</Table.Td>
                  <Table.Td>{r ? formatCpfOrCnpj(r.niFornecedor) : "-"}</Table.Td>
                  <Table.Td>{plain(r?.nomeRazaoSocialFornecedor)}</Table.Td>
                  <Table.Td>{plain(r?.porteFornecedorNome)}</Table.Td>
                  <Table.Td>{plain(r?.codigoPais)}</Table.Td>
                  <Table.Td>{r ? portalDate(r.dataInclusao) : "-"}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      )}
      <Pager page={page} total={items.data?.totalPages ?? 1} onPage={setPage} />
    </Stack>
  );
}

export interface PriceSearchPanelProps {
  /** Each time it turns true (or the object changes) the filters reset and the first search runs (§2.9). */
  active: boolean;
  /** 'Objeto de interesse', prefilled (the lot's product, or empty on the standalone page). */
  objectOfInterest: string;
  /** Portal item ids already taken elsewhere (§4: their tenders are highlighted too). */
  knownItemIds: readonly string[];
  selected: Map<string, Selection>;
  onSelectedChange: Dispatch<SetStateAction<Map<string, Selection>>>;
  /** The buttons under the counters ('Limpar itens', 'Gerar Relatório' and the caller's own). */
  toolbar: ReactNode;
  /** The object of interest of the last search run (the report's object). */
  onSearch?: (objectOfInterest: string) => void;
}

/**
 * The price search of planning §2.9: counters, filters, the closed tenders of the portal and a tender's
 * items with 'Selecionar'. Shared by the budget's modal and the standalone page /pesquisa-precos.
 */
export function PriceSearchPanel({
  active,
  objectOfInterest,
  knownItemIds,
  selected,
  onSelectedChange: setSelected,
  toolbar,
  onSearch,
}: PriceSearchPanelProps) {
  // §2.9: the states default to the buyer's address state.
  const buyerState = useSession().user?.buyer?.state;
  const defaultState = buyerState && STATE_OPTIONS.includes(buyerState) ? buyerState : ALL_STATES;
  const [states, setStates] = useState<string[]>([defaultState]);
  const [modalities, setModalities] = useState<string[]>(ALL_MODALITIES);
  const [object, setObject] = useState(objectOfInterest);
  const [filterItems, setFilterItems] = useState("yes");
  const [errors, setErrors] = useState<{ states?: string; modalities?: string; object?: string }>({});
  const [query, setQuery] = useState<PncpSearchQuery | null>(null);
  const [notice, setNotice] = useState<PncpNotice | null>(null);
  const top = useRef<HTMLDivElement>(null);

  // A fresh search each time the search opens; the first search runs by itself (§2.9).
  useEffect(() => {
    if (!active) return;
    setStates([defaultState]);
    setModalities(ALL_MODALITIES);
    setObject(objectOfInterest);
    setFilterItems("yes");
    setErrors({});
    setNotice(null);
    setQuery({
      modalities: ALL_MODALITIES.map(Number),
      states: [defaultState],
      objectOfInterest: objectOfInterest.slice(0, 500),
      page: 1,
      limitPerPage: PNCP_PAGE_SIZE,
    });
  }, [active, objectOfInterest, defaultState]);

  useEffect(() => {
    if (query) onSearch?.(query.objectOfInterest);
  }, [query, onSearch]);

  const results = useQuery({
    queryKey: ["pncp-search", query],
    queryFn: () => searchPncp(query as PncpSearchQuery),
    enabled: active && query !== null,
    retry: false,
  });
  useEffect(() => {
    if (results.isError) notifyError(T.title, serverMessageOr(results.error));
  }, [results.isError, results.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      states: states.length === 0 ? PRICE_SEARCH_STATE_REQUIRED : undefined,
      modalities: modalities.length === 0 ? PRICE_SEARCH_MODALITY_REQUIRED : undefined,
      object: object.length > 500 ? PRICE_SEARCH_OBJECT_TOO_LONG : undefined,
    };
    setErrors(next);
    if (next.states || next.modalities || next.object) return;
    setNotice(null);
    setQuery({
      modalities: modalities.map(Number),
      states,
      objectOfInterest: object.trim(),
      page: 1,
      limitPerPage: PNCP_PAGE_SIZE,
    });
  };

  const goToPage = (page: number) => {
    if (!query) return;
    setQuery({ ...query, page });
    top.current?.scrollIntoView?.({ block: "start" });
  };

  const toggle = async (item: PncpItem, checked: boolean) => {
    if (!notice) return;
    if (!checked) {
      setSelected((s) => {
        const next = new Map(s);
        next.delete(item.itemId);
        return next;
      });
      return;
    }
    try {
      // The first award result is the homologation (§7).
      const { list } = await listPncpItemResults(notice, item.numeroItem);
      const result = list[0];
      if (!result || result.valorUnitarioHomologado == null) {
        notifyWarning(T.title, T.noResult);
        return;
      }
      const price = result.valorUnitarioHomologado;
      setSelected((s) =>
        new Map(s).set(item.itemId, {
          itemId: item.itemId,
          result: { ...result, valorUnitarioHomologado: price },
          notice,
          item,
        }),
      );
    } catch (e) {
      notifyError(T.title, serverMessageOr(e));
    }
  };

  const selectedList = useMemo(() => [...selected.values()], [selected]);
  const counters = useMemo(
    () =>
      selectionCounters(
        selectedList,
        new Map(selectedList.map((s) => [s.itemId, s.notice.numeroControlePNCP])),
      ),
    [selectedList],
  );
  const highlighted = [...knownItemIds, ...selected.keys()];
  const keywords = filterItems === "yes" ? keywordsOf(query?.objectOfInterest ?? object) : [];

  return (
    <Stack gap="md" ref={top}>
      <FigureCards
        cols={{ base: 1, sm: 3 }}
        figures={[
          [T.counters.items, counters.items],
          [T.counters.processes, counters.processes],
          [T.counters.bidders, counters.bidders],
        ]}
      />
      <Group gap="sm" wrap="wrap">
        {toolbar}
      </Group>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <MultiSelect
            label={T.states}
            withAsterisk
            aria-required
            data={STATE_OPTIONS}
            value={states}
            onChange={(v) => setStates((prev) => nextStates(prev, v))}
            error={errors.states}
            searchable
          />
          <MultiSelect
            label={T.modalities}
            withAsterisk
            aria-required
            data={MODALITY_OPTIONS}
            value={modalities}
            onChange={setModalities}
            error={errors.modalities}
            maxDropdownHeight={240}
          />
          <TextInput
            label={T.object}
            value={object}
            maxLength={500}
            error={errors.object}
            onChange={(e) => setObject(e.currentTarget.value)}
          />
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Radio.Group label={T.filterItems} value={filterItems} onChange={setFilterItems}>
              <Group gap="md" mt={6}>
                <Radio value="yes" label={T.yes} />
                <Radio value="no" label={T.no} />
              </Group>
            </Radio.Group>
            <Button type="submit" loading={results.isFetching}>
              {T.search}
            </Button>
          </Group>
        </SimpleGrid>
      </form>

      {notice ? (
        <NoticeItems
          notice={notice}
          keywords={keywords}
          selected={selected}
          onToggle={toggle}
          onBack={() => setNotice(null)}
        />
      ) : results.isFetching ? (
        <Center py="md">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      ) : (
        <Stack gap="xs" role="list" aria-label={T.title}>
          {(results.data?.list ?? []).length === 0 && <Text c="dimmed">{T.emptyNotices}</Text>}
          {(results.data?.list ?? []).map((n) => {
            const chosen = isNoticeSelected(n.numeroControlePNCP, highlighted);
            return (
              <UnstyledButton
                key={n.numeroControlePNCP}
                role="listitem"
                aria-label={`${T.act(n.sequencialCompra, n.anoCompra)} ${n.orgaoEntidade.razaoSocial}`}
                onClick={() => setNotice(n)}
              >
                <Paper
                  withBorder
                  p="sm"
                  radius="md"
                  bg={chosen ? "var(--mantine-color-certame-0, #e7f5ff)" : undefined}
                >
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fw={600}>{T.act(n.sequencialCompra, n.anoCompra)}</Text>
                    <Group gap="xs">
                      {chosen && <Badge variant="light">{T.select}</Badge>}
                      <Badge variant="outline">{n.modalidadeNome}</Badge>
                      <Text size="sm">{portalDate(n.dataAtualizacao)}</Text>
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {[n.unidadeOrgao.nomeUnidade, n.unidadeOrgao.municipioNome, n.unidadeOrgao.ufSigla].join(
                      " - ",
                    )}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {cutObject(n.objetoCompra)}
                  </Text>
                </Paper>
              </UnstyledButton>
            );
          })}
          {results.data && (
            <Pager page={query?.page ?? 1} total={results.data.totalPages} onPage={goToPage} />
          )}
        </Stack>
      )}
    </Stack>
  );
}
