import { formatCpfOrCnpj, PRICE_SEARCH_QUOTE_ZERO, type PriceMethod } from "@certame/domain";
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconFileTypeDocx, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { saveFile } from "../../api/files";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { notifyApiError, notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { FlagBadge, money } from "../budget/BudgetCells";
import { cvText, METHOD_OPTIONS } from "../budget/BudgetLotView";
import { downloadBasketReport } from "../budget/budget.api";
import { basketQuotes, basketReportBody, basketStatistics, type TypedQuote } from "../budget/budget-model";
import { FigureCards } from "../budget/FigureCards";
import { PriceSearchPanel, type Selection } from "../budget/PriceSearchPanel";
import { SupplierModal } from "../budget/SupplierModal";
import { BUDGET_TEXTS, PRICE_SEARCH_TEXTS } from "../budget/texts";
import { menuLinks } from "../layout/menus";
import { useMenu } from "../layout/useMenu";
import { SaveToProcessModal } from "./SaveToProcessModal";
import { PRICE_SEARCH_PAGE_TEXTS as T } from "./texts";

const cents = (value: number | null) => (value === null ? "-" : money(value));
let typedKeys = 0;

/**
 * 'Pesquisa de preços' (/pesquisa-precos; planning §2.1, §2.9; issue 35 item 4): the budget's price search
 * on a page of its own, with typed quotes, the IN SEGES/ME 65/2021 figures, the .docx report of the basket
 * and, where the user plans processes, 'Salvar no processo'.
 */
export function PriceSearchPage() {
  const [selected, setSelected] = useState<Map<string, Selection>>(new Map());
  const [typed, setTyped] = useState<TypedQuote[]>([]);
  const [method, setMethod] = useState<PriceMethod>("AVERAGE");
  const [object, setObject] = useState("");
  const [addingSupplier, setAddingSupplier] = useState(false);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  // 'Salvar no processo' only for whom the processes page is open (the menu's rule, planning in production included).
  const canSave = menuLinks(useMenu()).some((item) => item.route === "/cadastrar/processos");

  const selectedList = useMemo(() => [...selected.values()], [selected]);
  const quotes = basketQuotes(selectedList, typed);
  const stats = basketStatistics(quotes, method);
  const empty = quotes.length === 0;

  /** A typed quote without a price stops the report and the save: it is named on its field. */
  const ready = () => {
    if (typed.every((q) => q.cents > 0)) return true;
    setShowErrors(true);
    notifyError(T.typed.title, PRICE_SEARCH_QUOTE_ZERO);
    return false;
  };

  const report = useMutation({
    mutationFn: () => downloadBasketReport(basketReportBody(selectedList, typed, object, method)),
    onSuccess: (file) => {
      saveFile(file);
      notifySuccess(BUDGET_TEXTS.downloaded);
    },
    onError: (e) => notifyApiError(e),
  });

  const updateTyped = (key: string, change: Partial<TypedQuote>) =>
    setTyped((all) => all.map((q) => (q.key === key ? { ...q, ...change } : q)));

  return (
    <>
      <PageTitle title={T.title} description={T.description} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {T.search}
            </Title>
            <PriceSearchPanel
              active
              objectOfInterest=""
              knownItemIds={[]}
              selected={selected}
              onSelectedChange={setSelected}
              onSearch={setObject}
              toolbar={
                <>
                  <Button
                    variant="default"
                    disabled={empty}
                    onClick={() => {
                      setSelected(new Map());
                      setTyped([]);
                      setShowErrors(false);
                    }}
                  >
                    {PRICE_SEARCH_TEXTS.clear}
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconFileTypeDocx size={16} aria-hidden />}
                    disabled={empty}
                    loading={report.isPending}
                    onClick={() => ready() && report.mutate()}
                  >
                    {PRICE_SEARCH_TEXTS.report}
                  </Button>
                  {canSave && (
                    <Button disabled={empty} onClick={() => ready() && setSaving(true)}>
                      {T.saveToProcess}
                    </Button>
                  )}
                </>
              }
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} fz="lg">
                {T.typed.title}
              </Title>
              <Button variant="light" onClick={() => setAddingSupplier(true)}>
                {T.typed.add}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {T.typed.hint}
            </Text>
            {typed.length === 0 ? (
              <Text size="sm">{T.typed.empty}</Text>
            ) : (
              <ScrollTable label={T.typed.title} minWidth={720} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{T.typed.supplier}</Table.Th>
                    <Table.Th>{T.typed.price}</Table.Th>
                    <Table.Th>{T.typed.source}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{T.typed.remove}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {typed.map((q) => (
                    <Table.Tr key={q.key}>
                      <Table.Td>
                        <Text size="sm">{q.supplier.corporateName}</Text>
                        <Text size="xs" c="dimmed">
                          {formatCpfOrCnpj(q.supplier.documentNumber)}
                        </Text>
                      </Table.Td>
                      <Table.Td w={180}>
                        <MoneyInput
                          aria-label={`${T.typed.price} - ${q.supplier.corporateName}`}
                          size="xs"
                          value={q.cents}
                          error={showErrors && q.cents <= 0 ? PRICE_SEARCH_QUOTE_ZERO : undefined}
                          onChange={(v) => updateTyped(q.key, { cents: v ?? 0 })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`${T.typed.source} - ${q.supplier.corporateName}`}
                          placeholder={T.typed.sourcePlaceholder}
                          size="xs"
                          maxLength={500}
                          value={q.source}
                          onChange={(e) => updateTyped(q.key, { source: e.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td w={48}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${T.typed.remove} - ${q.supplier.corporateName}`}
                          onClick={() => setTyped((all) => all.filter((x) => x.key !== q.key))}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ScrollTable>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" align="flex-end">
              <Title order={2} fz="lg">
                {T.stats.title}
              </Title>
              <Select
                label={T.stats.method}
                data={METHOD_OPTIONS}
                value={method}
                allowDeselect={false}
                onChange={(value) => value && setMethod(value as PriceMethod)}
                w={200}
              />
            </Group>
            {empty ? (
              <Text size="sm" c="dimmed">
                {T.stats.empty}
              </Text>
            ) : (
              <>
                <FigureCards
                  cols={{ base: 2, sm: 3, lg: 6 }}
                  figures={[
                    [T.stats.count, stats.count],
                    [T.stats.average, cents(stats.averageCents)],
                    [T.stats.median, cents(stats.medianCents)],
                    [T.stats.lowest, cents(stats.lowestCents)],
                    [T.stats.cv, cvText(stats.coefficientOfVariation)],
                    [T.stats.reference, cents(stats.referenceCents)],
                  ]}
                />
                <ScrollTable label={T.stats.quotes} minWidth={720} verticalSpacing="xs" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      {T.stats.columns.map((c) => (
                        <Table.Th key={c}>{c}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {quotes.map((q, i) => {
                      const flag = stats.flags[i];
                      return (
                        <Table.Tr key={q.key}>
                          <Table.Td>{q.supplierName}</Table.Td>
                          <Table.Td>{formatCpfOrCnpj(q.documentNumber)}</Table.Td>
                          <Table.Td>{money(q.cents)}</Table.Td>
                          <Table.Td>{q.itemId ? T.stats.portal : T.stats.typed}</Table.Td>
                          <Table.Td>{flag ? <FlagBadge flag={flag} /> : "-"}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </ScrollTable>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>

      <SupplierModal
        opened={addingSupplier}
        title={T.typed.supplierTitle}
        onClose={() => setAddingSupplier(false)}
        onAdd={(supplier) => {
          typedKeys += 1;
          setTyped((all) => [...all, { key: `typed-${typedKeys}`, supplier, cents: 0, source: "" }]);
          setAddingSupplier(false);
        }}
      />
      <SaveToProcessModal
        opened={saving}
        selected={selectedList}
        typed={typed}
        onClose={() => setSaving(false)}
      />
    </>
  );
}
