import type { ContractingJustificationData } from "@certame/domain";
import { NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { fieldError } from "../fields/errors";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { patcher } from "./step-kit";

type Data = ContractingJustificationData;

/**
 * Step 2 — 'Fundamentação e Descrição da Necessidade da Contratação' (planning §2.10 "Step 2",
 * §5 "Reference term — step 2"): whether the contracting is in the annual contracting plan and,
 * when it is, the plan's year (4 digits), id, publication date and item.
 */
export function ContractingJustificationStep({ value, onChange, errors }: StepFormProps<Data>) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  return (
    <Stack gap="md">
      <YesNoField
        label="A contratação está prevista no Plano de Contratações Anual?"
        value={value.hasHiringPlan ?? null}
        onChange={(hasHiringPlan) => set({ hasHiringPlan })}
        error={error("hasHiringPlan")}
        required
      />
      {value.hasHiringPlan === true && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label="Ano do Plano de Contratações Anual"
            required
            value={value.hiringPlanYear ?? ""}
            onChange={(next) => set({ hiringPlanYear: typeof next === "number" ? next : null })}
            error={error("hiringPlanYear")}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            maxLength={4}
            hideControls
          />
          <TextInput
            label="Identificador do Plano de Contratações Anual"
            required
            maxLength={500}
            value={value.hiringPlanId ?? ""}
            onChange={(e) => set({ hiringPlanId: e.currentTarget.value })}
            error={error("hiringPlanId")}
          />
          <TextInput
            label="Data de publicação do Plano de Contratações Anual"
            required
            type="date"
            value={value.hiringPlanPublishDate ?? ""}
            onChange={(e) => set({ hiringPlanPublishDate: e.currentTarget.value || null })}
            error={error("hiringPlanPublishDate")}
          />
          <TextInput
            label="Identificador do item no Plano de Contratações Anual"
            required
            maxLength={500}
            value={value.hiringPlanItemId ?? ""}
            onChange={(e) => set({ hiringPlanItemId: e.currentTarget.value })}
            error={error("hiringPlanItemId")}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
