import {
  CREDIT_STATUS_LABELS,
  DEFAULT_CREDIT_QUANTITY,
  DEFAULT_PAYMENT_METHOD,
  formatBRL,
  formatBrasiliaDate,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@certame/domain";
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { serverFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { notifyError } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import {
  type Credit,
  createCredit,
  createSubscription,
  fetchCredits,
  fetchPlans,
  fetchSubscriptions,
  type Subscription,
  subscriptionKeys,
} from "./api";
import { civilDateText, hasPaymentData, isUsedCredit, PaymentModal, type Purchase } from "./PaymentModal";
import { type PlanChoice, PlansSection } from "./PlansSection";
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_TEXTS as T } from "./texts";

const PHONE_QUERY = "(max-width: 47.99em)";
/** While a purchase waits for its payment, the histories are asked again this often. */
export const PENDING_REFRESH_MS = 10_000;

const STATUS_COLORS: Record<string, string> = {
  PENDING: "yellow.9",
  ACTIVE: "teal.9",
  ENDED: "gray.7",
  CONFIRMED: "teal.9",
  USED: "blue.9",
  EXPIRED: "gray.7",
};

const creditTitle = (c: Credit) => c.creditPlan.title ?? "—";

/** One field of a history row: a table column, or a line of the row's card on a phone. */
interface Field<R> {
  key: string;
  header: string;
  text: (row: R) => string;
  render?: (row: R) => ReactNode;
}

/**
 * A purchase history: a table from a tablet up (it scrolls inside its frame), cards on a phone so
 * the amounts and the modal's button stay in the viewport.
 */
function History<R extends { id: string }>({
  label,
  rows,
  fields,
  loading,
  action,
  phone,
}: {
  label: string;
  rows: readonly R[];
  fields: readonly Field<R>[];
  loading: boolean;
  action: (row: R, size: "xs" | "sm") => ReactNode;
  phone: boolean;
}) {
  // An empty history is a one-line note rather than an empty table.
  if (!loading && rows.length === 0)
    return (
      <Paper withBorder p="md" radius="md">
        <Text size="sm">{EMPTY_TABLE_TEXT}</Text>
      </Paper>
    );
  if (!phone) {
    const columns: DataTableColumn<R>[] = [
      ...fields.map((f) => ({ key: f.key, header: f.header, text: f.text, render: f.render, nowrap: true })),
      { key: "actions", header: T.columns.actions, render: (row: R) => action(row, "xs") },
    ];
    return <DataTable label={label} columns={columns} rows={rows} rowKey={(r) => r.id} loading={loading} />;
  }
  return (
    <Stack
      gap="sm"
      role={rows.length > 0 ? "list" : undefined}
      aria-label={rows.length > 0 ? label : undefined}
    >
      {loading && rows.length === 0 && (
        <Center py="lg">
          <Loader role="progressbar" aria-label="Carregando" />
        </Center>
      )}
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="md" role="listitem">
          <Stack gap={6}>
            {fields.map((f) => (
              <Group key={f.key} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed">
                  {f.header}
                </Text>
                <Text size="sm" ta="right" component="div">
                  {f.render ? f.render(row) : f.text(row)}
                </Text>
              </Group>
            ))}
            {action(row, "sm")}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge
      autoContrast
      color={STATUS_COLORS[status] ?? "gray.7"}
      style={{ textTransform: "none", flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}

/** A counter of §2.15 ('Dias restantes da assinatura'): the number alone in its own element. */
function Counter({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Group gap={8} align="baseline">
      <Text size="sm">{label}</Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value ?? "—"}
      </Text>
    </Group>
  );
}

/** Status of each purchase, to notice one that was waiting and is now paid. */
type Statuses = Map<string, string>;
const PAID_STATUSES = new Set(["ACTIVE", "CONFIRMED"]);

/** /assinaturas (notices-and-accounts §2.15): the histories, the plans and the purchase. */
export function SubscriptionsPage() {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const client = useQueryClient();
  const [choice, setChoice] = useState<PlanChoice>(null);
  const [quantity, setQuantity] = useState(DEFAULT_CREDIT_QUANTITY);
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [open, setOpen] = useState<{ kind: Purchase["kind"]; id: string; fallback: Purchase } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The quantity is clamped in the field; a refusal the server still gives (400) lands on it, focused.
  const [quantityError, setQuantityError] = useState<string>();
  const { ref: purchaseRef, refused } = useFocusFirstInvalid<HTMLDivElement>();
  // 'Confirmar assinatura' waits for a plan (§2.15) and says so.
  const confirmReason = useDisabledReason(choice === null ? T.choosePlan : null);

  const subscriptions = useQuery({
    queryKey: subscriptionKeys.subscriptions,
    queryFn: fetchSubscriptions,
    refetchInterval: (query) =>
      query.state.data?.subscriptions.some((s) => s.status === "PENDING") ? PENDING_REFRESH_MS : false,
  });
  const credits = useQuery({
    queryKey: subscriptionKeys.credits,
    queryFn: fetchCredits,
    refetchInterval: (query) =>
      query.state.data?.credits.some((c) => c.status === "PENDING") ? PENDING_REFRESH_MS : false,
  });
  const plans = useQuery({ queryKey: subscriptionKeys.plans, queryFn: fetchPlans });

  // §8: one notification per failure (not one per refresh while it keeps failing).
  const historyError = subscriptions.error ?? credits.error;
  useEffect(() => {
    if (historyError) notifyError(T.subscriptionsLoadError, serverMessageOr(historyError));
  }, [historyError]);
  useEffect(() => {
    if (plans.isError) notifyError(T.plansLoadError, serverMessageOr(plans.error));
  }, [plans.isError, plans.error]);

  // A purchase seen waiting and now paid (webhook or staff) is announced once.
  const seen = useRef<Statuses>(new Map());
  useEffect(() => {
    const rows = [...(subscriptions.data?.subscriptions ?? []), ...(credits.data?.credits ?? [])];
    let confirmed = false;
    for (const row of rows) {
      if (seen.current.get(row.id) === "PENDING" && PAID_STATUSES.has(row.status)) confirmed = true;
      seen.current.set(row.id, row.status);
    }
    if (confirmed) setAnnouncement(T.paymentConfirmed);
  }, [subscriptions.data, credits.data]);

  const purchase = useMutation({
    mutationFn: async (): Promise<Purchase> => {
      if (choice?.kind === "subscription")
        return {
          kind: "subscription",
          row: await createSubscription({ subscriptionPlanId: choice.id, paymentMethod: method }),
        };
      if (choice?.kind === "credit")
        return {
          kind: "credit",
          row: await createCredit({ creditPlanId: choice.id, quantity, paymentMethod: method }),
        };
      throw new Error("no plan chosen");
    },
    onSuccess: async (bought) => {
      seen.current.set(bought.row.id, bought.row.status);
      setOpen({ kind: bought.kind, id: bought.row.id, fallback: bought });
      setAnnouncement(T.purchased(method));
      setChoice(null);
      setQuantity(DEFAULT_CREDIT_QUANTITY);
      await Promise.all([
        client.invalidateQueries({ queryKey: subscriptionKeys.subscriptions }),
        client.invalidateQueries({ queryKey: subscriptionKeys.credits }),
      ]);
    },
    onError: (error) => {
      const refusal = serverFieldErrors(error)?.quantity;
      if (refusal) {
        setQuantityError(refusal);
        refused();
      } else notifyError(T.createError, serverMessageOr(error));
    },
  });

  const show = (p: Purchase) => {
    if (!hasPaymentData(p)) {
      notifyError(T.paymentDataErrorTitle, T.paymentDataErrorMessage);
      return;
    }
    setOpen({ kind: p.kind, id: p.row.id, fallback: p });
  };

  // The open modal follows the refreshed row, so a payment confirmed meanwhile shows at once.
  const current: Purchase | null = (() => {
    if (!open) return null;
    if (open.kind === "subscription") {
      const row = subscriptions.data?.subscriptions.find((s) => s.id === open.id);
      return row ? { kind: "subscription", row } : open.fallback;
    }
    const row = credits.data?.credits.find((c) => c.id === open.id);
    return row ? { kind: "credit", row } : open.fallback;
  })();

  const actionButton = (p: Purchase, name: string, size: "xs" | "sm") => {
    const label = isUsedCredit(p) ? T.creditUsedTitle : T.paymentModal;
    return (
      <Button size={size} variant="light" onClick={() => show(p)} aria-label={`${label}: ${name}`}>
        {label}
      </Button>
    );
  };

  const subscriptionFields: Field<Subscription>[] = [
    {
      key: "plan",
      header: T.columns.plan,
      text: (s) => `${s.subscriptionPlan.title} (${T.months(s.subscriptionPlan.duration)})`,
    },
    {
      key: "status",
      header: T.columns.status,
      text: (s) => SUBSCRIPTION_STATUS_LABELS[s.status],
      render: (s) => <StatusBadge status={s.status} label={SUBSCRIPTION_STATUS_LABELS[s.status]} />,
    },
    { key: "price", header: T.columns.price, text: (s) => formatBRL(s.price, 2) },
    { key: "start", header: T.columns.start, text: (s) => civilDateText(s.startDate) },
    { key: "end", header: T.columns.end, text: (s) => civilDateText(s.lastDay) },
  ];
  const subscriptionName = (s: Subscription) =>
    `${s.subscriptionPlan.title}, ${formatBrasiliaDate(s.createdDate)}`;

  const creditFields: Field<Credit>[] = [
    { key: "plan", header: T.columns.plan, text: creditTitle },
    { key: "created", header: T.columns.created, text: (c) => formatBrasiliaDate(c.createdDate) },
    { key: "amount", header: T.columns.amount, text: (c) => String(c.amount) },
    { key: "price", header: T.columns.price, text: (c) => formatBRL(c.price, 2) },
    {
      key: "status",
      header: T.columns.status,
      text: (c) => CREDIT_STATUS_LABELS[c.status],
      render: (c) => <StatusBadge status={c.status} label={CREDIT_STATUS_LABELS[c.status]} />,
    },
    {
      key: "notice",
      header: T.columns.notice,
      text: (c) => (c.status === "USED" ? (c.auction?.noticeNumber ?? "—") : "—"),
    },
  ];
  const creditName = (c: Credit) => `${creditTitle(c)}, ${formatBrasiliaDate(c.createdDate)}`;

  return (
    <>
      <PageTitle title={T.title} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="subscriptions-announcer">
        {announcement}
      </VisuallyHidden>
      <Stack gap={40}>
        <Stack gap="sm" component="section" aria-labelledby="subscription-history">
          <Title order={2} fz="lg" id="subscription-history">
            {T.subscriptionHistory}
          </Title>
          <Counter
            label={T.remainingDays}
            value={subscriptions.data?.remainingDays}
            testId="remaining-days"
          />
          <History
            label={T.subscriptionsTable}
            rows={subscriptions.data?.subscriptions ?? []}
            fields={subscriptionFields}
            loading={subscriptions.isLoading}
            phone={phone}
            action={(s, size) => actionButton({ kind: "subscription", row: s }, subscriptionName(s), size)}
          />
        </Stack>

        <Stack gap="sm" component="section" aria-labelledby="credit-history">
          <Title order={2} fz="lg" id="credit-history">
            {T.creditHistory}
          </Title>
          <Counter
            label={T.availableCredits}
            value={credits.data?.availableCredits}
            testId="available-credits"
          />
          <History
            label={T.creditsTable}
            rows={credits.data?.credits ?? []}
            fields={creditFields}
            loading={credits.isLoading}
            phone={phone}
            action={(c, size) => actionButton({ kind: "credit", row: c }, creditName(c), size)}
          />
        </Stack>

        <div ref={purchaseRef}>
          {plans.isLoading ? (
            <Center py="xl">
              <Loader role="progressbar" aria-label="Carregando" />
            </Center>
          ) : (
            <PlansSection
              plans={plans.data ?? { subscriptionPlans: [], creditPlans: [] }}
              choice={choice}
              onChoiceChange={setChoice}
              quantity={quantity}
              onQuantityChange={(n) => {
                setQuantity(n);
                setQuantityError(undefined);
              }}
              quantityError={quantityError}
            />
          )}
        </div>

        <Stack gap="md">
          <Radio.Group
            label={T.paymentType}
            value={method}
            onChange={(value) => setMethod(value as PaymentMethod)}
          >
            <Group gap="lg" mt={6}>
              {PAYMENT_METHODS.map((m) => (
                <Radio key={m} value={m} label={PAYMENT_METHOD_LABELS[m]} />
              ))}
            </Group>
          </Radio.Group>
          {confirmReason.hint}
          <Button
            size="md"
            disabled={choice === null}
            aria-describedby={confirmReason.describedBy}
            loading={purchase.isPending}
            onClick={() => purchase.mutate()}
            style={{ alignSelf: phone ? "stretch" : "flex-start" }}
          >
            {T.confirm}
          </Button>
        </Stack>
      </Stack>

      <PaymentModal purchase={current} onClose={() => setOpen(null)} />
    </>
  );
}
