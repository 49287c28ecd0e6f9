import {
  checkRespecifiedValues,
  formatBRL,
  type MoneyDecimals,
  rescale,
  respecifiedTotal,
} from "@certame/domain";
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link, useParams } from "react-router";
import { serverMessageOr } from "../../api/client";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { notifyError, notifySuccess } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import { fetchRespecifiableLots, type RespecifyLot, saveRespecifiedValues } from "./api";
import { RESPECIFY_TEXTS as T } from "./texts";

type Values = Record<string, number | null>;

const quantityText = (q: number) => String(q).replace(".", ",");

/** The verdict of the domain rule on what is typed (the server checks the same rule again). */
function verdictOf(lot: RespecifyLot, values: Values) {
  return checkRespecifiedValues({
    lotNumber: lot.number,
    criterion: lot.criterion,
    bid: {
      unitPrice: lot.bestBid?.unitPrice ?? 0,
      decimalsNumber: lot.bestBid?.decimalsNumber ?? lot.decimalsNumber,
    },
    items: lot.items,
    values: lot.items.map((i) => ({ batchId: i.id, unitPrice: values[i.id] ?? 0 })),
  });
}

/**
 * /sala-de-negociacao/{id}/dividir-valores-dos-lotes (trading-room §2.3 'Reespecificar valores dos
 * itens'): the winner of multi-item lots splits each winning bid into item values, with the live
 * total and difference; 'Salvar' sends every lot it may still split (NEGOTIATION).
 */
export function RespecifyValuesPage() {
  const { id = "" } = useParams();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ["respecify", id],
    queryFn: async () => (await fetchRespecifiableLots(id)).filter((l) => l.isWinner),
  });
  const [typed, setTyped] = useState<Values>({});
  const [saving, setSaving] = useState(false);
  usePageTitle(T.title);
  const lots = query.data ?? [];
  // What the winner typed over what the server holds.
  const values = useMemo(() => {
    const out: Values = {};
    for (const lot of lots) for (const i of lot.items) out[i.id] = i.respecifiedValue;
    return { ...out, ...typed };
  }, [lots, typed]);
  const editable = lots.filter((l) => l.canRespecify);
  const verdicts = new Map(editable.map((l) => [l.id, verdictOf(l, values)]));
  const canSave = editable.length > 0 && [...verdicts.values()].every((v) => v.ok) && !saving;

  const save = async () => {
    setSaving(true);
    try {
      const answer = await saveRespecifiedValues({
        auctionNoticeId: id,
        batches: editable.map((l) => ({
          batchId: l.id,
          items: l.items.map((i) => ({ batchId: i.id, unitPrice: values[i.id] ?? 0 })),
        })),
      });
      notifySuccess(answer?.message || T.saved);
      setTyped({});
      await client.invalidateQueries({ queryKey: ["respecify", id] });
    } catch (error) {
      notifyError(undefined, serverMessageOr(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} fz={22}>
          {T.title}
        </Title>
        <Button component={Link} to={`/sala-de-negociacao/${id}`} variant="default">
          {T.back}
        </Button>
      </Group>
      {query.isPending ? (
        <Loader role="progressbar" aria-label="Carregando" />
      ) : query.isError ? (
        <Alert color="red" title={T.loadError} role="alert">
          {serverMessageOr(query.error)}
        </Alert>
      ) : lots.length === 0 ? (
        <Alert color="gray">{T.none}</Alert>
      ) : (
        <>
          {lots.map((lot) => (
            <LotSplit
              key={lot.id}
              lot={lot}
              values={values}
              onChange={(itemId, v) => setTyped((prev) => ({ ...prev, [itemId]: v }))}
            />
          ))}
          <Group justify="flex-end">
            <Button onClick={save} disabled={!canSave} loading={saving}>
              {T.save}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function LotSplit({
  lot,
  values,
  onChange,
}: {
  lot: RespecifyLot;
  values: Values;
  onChange: (itemId: string, value: number | null) => void;
}) {
  const decimals = lot.decimalsNumber;
  const { total } = respecifiedTotal(lot.items, new Map(Object.entries(values)));
  const bid = lot.bestBid ? rescale(lot.bestBid.unitPrice, lot.bestBid.decimalsNumber, decimals) : null;
  const difference = bid === null ? null : bid - total;
  const verdict = lot.canRespecify ? verdictOf(lot, values) : null;
  const typedAll = lot.items.every((i) => (values[i.id] ?? null) !== null);
  const why = lot.criterion === "BIGGEST_DISCOUNT" ? verdictOf(lot, values) : null;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={T.lot(lot.number)}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={700}>{T.lot(lot.number)}</Text>
          <Text size="sm" aria-label={T.winningBid}>
            {T.winningBid}: <b>{bid === null ? "-" : formatBRL(bid, decimals)}</b>
          </Text>
        </Group>
        <Table striped aria-label={`Itens do lote ${lot.number}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.item}</Table.Th>
              <Table.Th>{T.productName}</Table.Th>
              <Table.Th>{T.quantity}</Table.Th>
              <Table.Th>{T.referencePrice}</Table.Th>
              <Table.Th>{T.respecifiedValue}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lot.items.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.item}</Table.Td>
                <Table.Td>{i.productName ?? "-"}</Table.Td>
                <Table.Td>{quantityText(i.quantity)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {i.referencePrice === null
                    ? T.secretReferencePrice
                    : formatBRL(i.referencePrice, i.decimalsNumber)}
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={`${T.respecifiedValue} do item ${i.item}`}
                    value={values[i.id] ?? null}
                    onChange={(v) => onChange(i.id, v)}
                    decimals={i.decimalsNumber as MoneyDecimals}
                    disabled={!lot.canRespecify}
                    error={verdict && !verdict.ok && verdict.batchId === i.id && typedAll ? true : undefined}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end" gap="lg">
          <Text size="sm">
            {T.itemsTotal}: <b>{formatBRL(total, decimals)}</b>
          </Text>
          {difference !== null && (
            <Text size="sm" c={difference === 0 ? "green" : "red"} aria-label={T.difference}>
              {T.difference}: <b>{formatBRL(difference, decimals)}</b>
            </Text>
          )}
        </Group>
        {why && !why.ok ? (
          <Alert color="yellow">{why.message}</Alert>
        ) : !lot.canRespecify ? (
          <Alert color="gray">{T.readOnly}</Alert>
        ) : (
          verdict &&
          !verdict.ok &&
          typedAll && (
            <Text size="sm" c="red" role="alert">
              {verdict.message}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}
