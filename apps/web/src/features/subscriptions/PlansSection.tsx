import {
  COMPANY_SIZE_LABELS,
  DEFAULT_CREDIT_QUANTITY,
  formatBRL,
  MAX_CREDIT_QUANTITY,
  MIN_CREDIT_QUANTITY,
} from "@certame/domain";
import {
  Center,
  Container,
  Loader,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { serverMessageOr } from "../../api/client";
import { notifyError } from "../../ui/notify";
import { usePageTitle } from "../../ui/page-title";
import {
  type CreditPlan,
  fetchPublicPlans,
  type Plans,
  type SubscriptionPlan,
  subscriptionKeys,
} from "./api";
import { SUBSCRIPTION_TEXTS as T } from "./texts";

/** The plan chosen for a purchase: a periodic one or a single-participation one (never both). */
export type PlanChoice = { kind: "subscription" | "credit"; id: string } | null;

type Plan = SubscriptionPlan | CreditPlan;

/** The plan's price lines: the caller's own price, or both tiers for a visitor (phrasing content: it sits in a radio's description). */
function PriceLines({ plan }: { plan: Plan }) {
  if (plan.price !== null)
    return (
      <Text size="sm" fw={600} component="span" display="block" c="var(--mantine-color-text)">
        {formatBRL(plan.price, 2)}
      </Text>
    );
  return (
    <>
      <Text size="sm" component="span" display="block">
        {COMPANY_SIZE_LABELS.LARGE}: <b>{formatBRL(plan.largeCompanyPrice, 2)}</b>
      </Text>
      <Text size="sm" component="span" display="block">
        {COMPANY_SIZE_LABELS.SMALL}: <b>{formatBRL(plan.smallCompanyPrice, 2)}</b>
      </Text>
    </>
  );
}

const planFacts = (plan: Plan) =>
  "duration" in plan ? T.months(plan.duration) : T.participations(plan.credits);

/** A plan as a card: a radio named by its title when buying, plain text in the public mode. */
function PlanCard({ plan, choosable, checked }: { plan: Plan; choosable: boolean; checked: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={checked ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
    >
      {choosable ? (
        <Radio
          value={plan.id}
          label={plan.title}
          styles={{ label: { fontWeight: 600 } }}
          description={
            <>
              <Text size="sm" component="span" display="block">
                {planFacts(plan)}
              </Text>
              <PriceLines plan={plan} />
            </>
          }
        />
      ) : (
        <Stack gap={4}>
          <Title order={3} fz="md">
            {plan.title}
          </Title>
          <Text size="sm">{planFacts(plan)}</Text>
          <PriceLines plan={plan} />
        </Stack>
      )}
    </Paper>
  );
}

function PlanGroup({
  heading,
  plans,
  choosable,
  value,
  onChange,
}: {
  heading: string;
  plans: readonly Plan[];
  choosable: boolean;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const cards = (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} choosable={choosable} checked={plan.id === value} />
      ))}
    </SimpleGrid>
  );
  return (
    <Stack gap="sm" component="section" aria-label={heading}>
      <Title order={2} fz="lg">
        {heading}
      </Title>
      {plans.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noPlans}
        </Text>
      ) : choosable ? (
        // One group per section; the page keeps a single choice across both.
        <Radio.Group value={value} onChange={onChange} aria-label={heading}>
          {cards}
        </Radio.Group>
      ) : (
        cards
      )}
    </Stack>
  );
}

export interface PlansSectionProps {
  plans: Plans;
  /** Purchase mode: the plans are radios, with the quantity of the single-participation plan. */
  choice?: PlanChoice;
  onChoiceChange?: (choice: PlanChoice) => void;
  quantity?: number;
  onQuantityChange?: (quantity: number) => void;
  /** The server's refusal of the quantity (a purchase refused with 400). */
  quantityError?: string;
}

/** 'Planos Periódicos' and 'Plano de Participação única' (§2.15); only active plans are sold. */
export function PlansSection({
  plans,
  choice,
  onChoiceChange,
  quantity,
  onQuantityChange,
  quantityError,
}: PlansSectionProps) {
  const choosable = onChoiceChange !== undefined;
  const subscriptionPlans = plans.subscriptionPlans.filter((p) => p.active);
  const creditPlans = plans.creditPlans.filter((p) => p.active);
  const chosenCredit = choice?.kind === "credit" ? creditPlans.find((p) => p.id === choice.id) : undefined;
  const units = quantity ?? DEFAULT_CREDIT_QUANTITY;
  const [quantityText, setQuantityText] = useState<string | number>(units);
  // A quantity set from outside (the page resets it after a purchase) shows in the field.
  useEffect(() => {
    setQuantityText((text) => (Number(text) === units ? text : units));
  }, [units]);
  return (
    <Stack gap="xl">
      <PlanGroup
        heading={T.periodicPlans}
        plans={subscriptionPlans}
        choosable={choosable}
        value={choice?.kind === "subscription" ? choice.id : null}
        onChange={(id) => onChoiceChange?.({ kind: "subscription", id })}
      />
      <Stack gap="sm">
        <PlanGroup
          heading={T.singlePlans}
          plans={creditPlans}
          choosable={choosable}
          value={choice?.kind === "credit" ? choice.id : null}
          onChange={(id) => onChoiceChange?.({ kind: "credit", id })}
        />
        {choosable && creditPlans.length > 0 && (
          <Stack gap={4} maw={220}>
            <NumberInput
              label={T.quantity}
              // Mantine draws a text input; the role and values make it the spin button it behaves as (arrow keys step it).
              role="spinbutton"
              aria-valuemin={MIN_CREDIT_QUANTITY}
              aria-valuemax={MAX_CREDIT_QUANTITY}
              aria-valuenow={units}
              min={MIN_CREDIT_QUANTITY}
              max={MAX_CREDIT_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={quantityText}
              error={quantityError}
              // The field may be empty while the user types; the quantity stays the last valid one,
              // and leaving the field empty puts the minimum back.
              onChange={(value) => {
                setQuantityText(value);
                const n = typeof value === "number" ? value : Number.parseInt(value, 10);
                if (Number.isFinite(n) && n >= MIN_CREDIT_QUANTITY) onQuantityChange?.(n);
              }}
              onBlur={() => {
                if (quantityText === "" || Number(quantityText) < MIN_CREDIT_QUANTITY) {
                  setQuantityText(MIN_CREDIT_QUANTITY);
                  onQuantityChange?.(MIN_CREDIT_QUANTITY);
                }
              }}
            />
            {chosenCredit?.price != null && (
              <Text size="sm" aria-live="polite">
                {T.total(formatBRL(chosenCredit.price * units, 2))}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** The modal or public mode of §2.15: the plans only, with both prices; no history, no purchase. */
export function PlansOverview() {
  const plans = useQuery({ queryKey: subscriptionKeys.publicPlans, queryFn: fetchPublicPlans });
  useEffect(() => {
    if (plans.isError) notifyError(T.plansLoadError, serverMessageOr(plans.error));
  }, [plans.isError, plans.error]);
  if (plans.isLoading)
    return (
      <Center py="xl">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  return <PlansSection plans={plans.data ?? { subscriptionPlans: [], creditPlans: [] }} />;
}

/** /planos: the plans for visitors. */
export function PublicPlansPage() {
  usePageTitle(T.publicTitle);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }} c="certame.9">
            {T.publicTitle}
          </Title>
          <Text c="dimmed">{T.publicDescription}</Text>
        </Stack>
        <PlansOverview />
      </Stack>
    </Container>
  );
}
