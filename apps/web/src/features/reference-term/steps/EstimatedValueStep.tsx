import type { EstimatedValueData } from "@certame/domain";
import { Stack } from "@mantine/core";
import { fieldError } from "../fields/errors";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { JudgementCriterionField, patcher, stepScope } from "./step-kit";

/**
 * Step 9 (reading B) — 'Estimativas do Valor da Contratação' (planning §2.10 "Step 9", §5 "Estimated
 * value"): whether the estimated cost is confidential, and the judgement criterion (required unless
 * goods).
 */
export function EstimatedValueStep({ value, onChange, errors, context }: StepFormProps<EstimatedValueData>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  return (
    <Stack gap="md">
      <YesNoField
        label="Custo estimado sigiloso?"
        value={value.isConfidentialEstimatedCost ?? null}
        onChange={(isConfidentialEstimatedCost) => set({ isConfidentialEstimatedCost })}
        error={error("isConfidentialEstimatedCost")}
        required
      />
      <JudgementCriterionField
        value={value.dispensationForm}
        onChange={(dispensationForm) => set({ dispensationForm })}
        error={error("dispensationForm")}
        required={!scope.isGoods}
      />
    </Stack>
  );
}
