import {
  COMPANY_SIZE_LABELS,
  formatBRL,
  formatBrasiliaDateTime,
  formatCpfOrCnpj,
  PAYMENT_METHOD_LABELS,
} from "@certame/domain";
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { serverMessageOr } from "../../api/client";
import { DataTable, type DataTableColumn } from "../../ui/data-table/DataTable";
import { PageControls } from "../../ui/data-table/PageControls";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { PageTitle } from "../../ui/page/PageTitle";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { civilDateText } from "../subscriptions/PaymentModal";
import {
  type Charge,
  type ChargeFilter,
  type ChargeStatus,
  type CreditPlan,
  consoleKeys,
  fetchCharges,
  fetchStaffPlans,
  markChargePaid,
  type SubscriptionPlan,
} from "./api";
import { PlanEditor, type PlanTarget } from "./PlanEditor";

const PAGE_SIZE = 20;
const PHONE_QUERY = "(max-width: 47.99em)";

// The console's texts are ours (issue 14): the spec describes no staff screen for payments.
const T = {
  title: "Pagamentos",
  description: "Cobranças de assinaturas e créditos, confirmação manual de pagamentos e planos à venda.",
  charges: "Cobranças",
  filterLabel: "Situação das cobranças",
  loadError: "Erro ao carregar cobranças",
  plansLoadError: "Erro ao carregar planos",
  markPaid: "Marcar como pago",
  confirmTitle: "Confirmar pagamento",
  confirm: "Confirmar",
  confirmQuestion: (c: Charge) =>
    `Confirmar o recebimento de ${formatBRL(c.amount, 2)} de ${c.supplierName} (${c.description})? A compra será liberada e o fornecedor avisado por e-mail.`,
  confirmed: (supplier: string) => `Pagamento de ${supplier} confirmado.`,
  markPaidError: "Erro ao confirmar pagamento",
  plans: "Planos",
  periodicPlans: "Planos periódicos",
  singlePlans: "Planos de participação única",
  newPlan: "Novo plano",
  newPeriodic: "Novo plano periódico",
  newSingle: "Novo plano de participação única",
  edit: "Editar",
  active: "Ativo",
  retired: "Inativo",
  months: (n: number) => `${n} ${n === 1 ? "mês" : "meses"}`,
  columns: {
    supplier: "Fornecedor",
    description: "Descrição",
    method: "Forma",
    amount: "Valor",
    status: "Situação",
    due: "Vencimento",
    paidAt: "Pago em",
    actions: "Ações",
    title: "Título",
    duration: "Duração",
    participations: "Participações",
    large: `Preço ${COMPANY_SIZE_LABELS.LARGE}`,
    small: `Preço ${COMPANY_SIZE_LABELS.SMALL}`,
    activeColumn: "Situação",
  },
} as const;

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  PENDING: "Pendente",
  PAID: "Pago",
  EXPIRED: "Vencido",
};

const FILTERS: { value: ChargeFilter; label: string }[] = [
  { value: "PENDING", label: "Pendentes" },
  { value: "PAID", label: "Pagos" },
  { value: "EXPIRED", label: "Vencidos" },
  { value: "ALL", label: "Todos" },
];

const STATUS_COLORS: Record<ChargeStatus, string> = {
  PENDING: "yellow.9",
  PAID: "teal.9",
  EXPIRED: "gray.7",
};

/** A boleto is due on its day; a Pix expires at a minute. */
const dueText = (c: Charge) =>
  c.method === "pix" ? formatBrasiliaDateTime(c.expiresAt) : civilDateText(c.dueDate);
const supplierDocument = (c: Charge) => (c.supplierDocument ? formatCpfOrCnpj(c.supplierDocument) : "");
const canMarkPaid = (c: Charge) => c.status !== "PAID";

function StatusBadge({ status }: { status: ChargeStatus }) {
  return (
    <Badge autoContrast color={STATUS_COLORS[status]} style={{ textTransform: "none", flexShrink: 0 }}>
      {CHARGE_STATUS_LABELS[status]}
    </Badge>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge autoContrast color={active ? "teal.9" : "gray.7"} style={{ textTransform: "none", flexShrink: 0 }}>
      {active ? T.active : T.retired}
    </Badge>
  );
}

/** The charges: filter, table (cards on a phone), 'Marcar como pago' with its confirmation. */
function ChargesSection({ phone, announce }: { phone: boolean; announce: (message: string) => void }) {
  const client = useQueryClient();
  const [status, setStatus] = useState<ChargeFilter>("PENDING");
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Charge | null>(null);

  const list = useQuery({
    queryKey: consoleKeys.charges(status, page),
    queryFn: () => fetchCharges(status, page, PAGE_SIZE),
  });

  const markPaid = useMutation({
    mutationFn: (charge: Charge) => markChargePaid(charge.id),
    onSuccess: async (_, charge) => {
      const message = T.confirmed(charge.supplierName);
      setConfirming(null);
      announce(message);
      notifySuccess(message);
      await client.invalidateQueries({ queryKey: consoleKeys.all });
    },
    onError: async (error) => {
      const message = serverMessageOr(error);
      setConfirming(null);
      announce(message);
      notifyError(T.markPaidError, message);
      // Paid meanwhile (webhook or another staff member): the list shows the current state.
      await client.invalidateQueries({ queryKey: consoleKeys.all });
    },
  });

  const markButton = (c: Charge, size: "xs" | "sm") =>
    canMarkPaid(c) ? (
      <Button
        size={size}
        variant="light"
        onClick={() => setConfirming(c)}
        aria-label={`${T.markPaid} ${c.supplierName}`}
      >
        {T.markPaid}
      </Button>
    ) : null;

  const rows = list.data?.charges ?? [];
  const total = list.data?.total ?? 0;
  const columns: DataTableColumn<Charge>[] = [
    {
      key: "supplier",
      header: T.columns.supplier,
      minWidth: 200,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.supplierName}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {supplierDocument(c)}
          </Text>
        </Stack>
      ),
    },
    { key: "description", header: T.columns.description, text: (c) => c.description, minWidth: 200 },
    { key: "method", header: T.columns.method, text: (c) => PAYMENT_METHOD_LABELS[c.method], nowrap: true },
    {
      key: "amount",
      header: T.columns.amount,
      text: (c) => formatBRL(c.amount, 2),
      nowrap: true,
      align: "right",
    },
    {
      key: "status",
      header: T.columns.status,
      render: (c) => <StatusBadge status={c.status} />,
      minWidth: 110,
      nowrap: true,
    },
    { key: "due", header: T.columns.due, text: dueText, nowrap: true },
    {
      key: "paidAt",
      header: T.columns.paidAt,
      text: (c) => (c.paidAt ? formatBrasiliaDateTime(c.paidAt) : "—"),
      nowrap: true,
    },
    { key: "actions", header: T.columns.actions, render: (c) => markButton(c, "xs") },
  ];

  return (
    <Stack gap="md" component="section" aria-labelledby="charges-heading">
      <Title order={2} fz="lg" id="charges-heading">
        {T.charges}
      </Title>
      <SegmentedControl
        aria-label={T.filterLabel}
        value={status}
        onChange={(value) => {
          setStatus(value as ChargeFilter);
          setPage(1);
        }}
        data={FILTERS}
        style={{ alignSelf: "flex-start", maxWidth: "100%" }}
      />
      {list.isError && (
        <Alert color="red" title={T.loadError}>
          {serverMessageOr(list.error)}
        </Alert>
      )}
      {phone ? (
        // A list only with cards in it (an empty role="list" is an ARIA error).
        <Stack
          gap="sm"
          role={rows.length > 0 ? "list" : undefined}
          aria-label={rows.length > 0 ? T.charges : undefined}
        >
          {list.isLoading && (
            <Center py="lg">
              <Loader role="progressbar" aria-label="Carregando" />
            </Center>
          )}
          {!list.isLoading && rows.length === 0 && (
            <Paper withBorder p="md" radius="md">
              <Text size="sm">{EMPTY_TABLE_TEXT}</Text>
            </Paper>
          )}
          {rows.map((c) => (
            <Card key={c.id} withBorder radius="md" padding="md" role="listitem">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {c.supplierName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {supplierDocument(c)}
                    </Text>
                  </Stack>
                  <StatusBadge status={c.status} />
                </Group>
                <Text size="sm">{c.description}</Text>
                <Text size="sm">
                  {PAYMENT_METHOD_LABELS[c.method]} · <b>{formatBRL(c.amount, 2)}</b>
                </Text>
                <Text size="sm">
                  {T.columns.due}: {dueText(c)}
                </Text>
                {c.paidAt && (
                  <Text size="sm">
                    {T.columns.paidAt}: {formatBrasiliaDateTime(c.paidAt)}
                  </Text>
                )}
                {markButton(c, "sm")}
              </Stack>
            </Card>
          ))}
          {total > PAGE_SIZE && (
            <PageControls page={page} total={total} limitResult={PAGE_SIZE} onPageChange={setPage} />
          )}
        </Stack>
      ) : (
        <DataTable
          label={T.charges}
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          loading={list.isLoading}
          pagination={{ page, total, limitResult: PAGE_SIZE, onPageChange: setPage }}
        />
      )}
      <ConfirmModal
        opened={confirming !== null}
        title={T.confirmTitle}
        confirmLabel={T.confirm}
        loading={markPaid.isPending}
        onConfirm={() => confirming && markPaid.mutate(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming ? T.confirmQuestion(confirming) : ""}
      </ConfirmModal>
    </Stack>
  );
}

/** The plans for sale, retired ones included, with 'Novo plano' and 'Editar'. */
function PlansSection() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<PlanTarget | null>(null);
  const plans = useQuery({ queryKey: consoleKeys.plans, queryFn: fetchStaffPlans });

  const editButton = (target: PlanTarget & { plan: { title: string } }) => (
    <Button
      size="xs"
      variant="light"
      onClick={() => setEditing(target)}
      aria-label={`${T.edit} ${target.plan.title}`}
    >
      {T.edit}
    </Button>
  );
  const prices = <P extends SubscriptionPlan | CreditPlan>(): DataTableColumn<P>[] => [
    {
      key: "large",
      header: T.columns.large,
      text: (p) => formatBRL(p.largeCompanyPrice, 2),
      nowrap: true,
      align: "right",
    },
    {
      key: "small",
      header: T.columns.small,
      text: (p) => formatBRL(p.smallCompanyPrice, 2),
      nowrap: true,
      align: "right",
    },
    { key: "active", header: T.columns.activeColumn, render: (p) => <ActiveBadge active={p.active} /> },
  ];
  // 'Editar' right after the title: on a phone the table scrolls sideways and the button stays in view.
  const periodicColumns: DataTableColumn<SubscriptionPlan>[] = [
    { key: "title", header: T.columns.title, text: (p) => p.title, minWidth: 160 },
    {
      key: "actions",
      header: T.columns.actions,
      render: (p) => editButton({ kind: "subscription", plan: p }),
    },
    { key: "duration", header: T.columns.duration, text: (p) => T.months(p.duration), nowrap: true },
    ...prices<SubscriptionPlan>(),
  ];
  const singleColumns: DataTableColumn<CreditPlan>[] = [
    { key: "title", header: T.columns.title, text: (p) => p.title, minWidth: 160 },
    { key: "actions", header: T.columns.actions, render: (p) => editButton({ kind: "credit", plan: p }) },
    { key: "credits", header: T.columns.participations, text: (p) => String(p.credits), align: "center" },
    ...prices<CreditPlan>(),
  ];

  const group = (
    heading: string,
    id: string,
    newLabel: string,
    kind: PlanTarget["kind"],
    table: ReactNode,
  ) => (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md" id={id}>
          {heading}
        </Title>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setEditing({ kind, plan: null } as PlanTarget)}
          aria-label={newLabel}
        >
          {T.newPlan}
        </Button>
      </Group>
      {table}
    </Stack>
  );

  return (
    <Stack gap="lg" component="section" aria-labelledby="plans-heading">
      <Title order={2} fz="lg" id="plans-heading">
        {T.plans}
      </Title>
      {plans.isError && (
        <Alert color="red" title={T.plansLoadError}>
          {serverMessageOr(plans.error)}
        </Alert>
      )}
      {group(
        T.periodicPlans,
        "periodic-plans",
        T.newPeriodic,
        "subscription",
        <DataTable
          label={T.periodicPlans}
          columns={periodicColumns}
          rows={plans.data?.subscriptionPlans ?? []}
          rowKey={(p) => p.id}
          loading={plans.isLoading}
        />,
      )}
      {group(
        T.singlePlans,
        "single-plans",
        T.newSingle,
        "credit",
        <DataTable
          label={T.singlePlans}
          columns={singleColumns}
          rows={plans.data?.creditPlans ?? []}
          rowKey={(p) => p.id}
          loading={plans.isLoading}
        />,
      )}
      {editing && (
        <PlanEditor
          target={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: consoleKeys.plans });
          }}
        />
      )}
    </Stack>
  );
}

/** /pagamentos: the platform staff's payments console (issue 14). */
export function PaymentsConsolePage() {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [announcement, setAnnouncement] = useState("");
  return (
    <>
      <PageTitle title={T.title} description={T.description} />
      <VisuallyHidden role="status" aria-live="polite" data-testid="payments-announcer">
        {announcement}
      </VisuallyHidden>
      <Stack gap={40}>
        <ChargesSection phone={phone} announce={setAnnouncement} />
        <PlansSection />
      </Stack>
    </>
  );
}
