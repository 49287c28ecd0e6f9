import { Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, serverMessageOr } from "../../api/client";
import { missingFieldsReason, useDisabledReason } from "../../ui/disabled-reason/DisabledReason";
import { propertiesToFieldErrors, useFocusFirstInvalid } from "../../ui/form-errors";
import { MoneyInput } from "../../ui/inputs/MoneyInput";
import { AppModal } from "../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../ui/notify";
import { type CreditPlan, type SubscriptionPlan, saveCreditPlan, saveSubscriptionPlan } from "./api";

export type PlanKind = "subscription" | "credit";

/** The plan being edited: a new one (plan null) or an existing one, of either kind. */
export type PlanTarget =
  | { kind: "subscription"; plan: SubscriptionPlan | null }
  | { kind: "credit"; plan: CreditPlan | null };

const LABELS = {
  title: "Título",
  duration: "Duração (meses)",
  credits: "Participações",
  large: "Preço SA/LTDA",
  small: "Preço ME-EPP",
  active: "Ativo (à venda)",
  save: "Salvar",
  cancel: "Cancelar",
  saved: "Plano salvo com sucesso",
  saveError: "Erro ao salvar plano",
};

export const planEditorTitle = (target: PlanTarget) =>
  target.plan
    ? "Editar plano"
    : target.kind === "subscription"
      ? "Novo plano periódico"
      : "Novo plano de participação única";

interface Draft {
  title: string;
  count: number | null;
  large: number | null;
  small: number | null;
  active: boolean;
}

function draftOf(target: PlanTarget): Draft {
  if (!target.plan) return { title: "", count: null, large: null, small: null, active: true };
  return {
    title: target.plan.title,
    count: "duration" in target.plan ? target.plan.duration : target.plan.credits,
    large: target.plan.largeCompanyPrice,
    small: target.plan.smallCompanyPrice,
    active: target.plan.active,
  };
}

/**
 * The plan form: prices in integer centavos (MoneyInput), the server's 400 errors on the fields.
 * Mounted anew for every opening, so it starts from the plan's values with no errors (§2.17).
 */
export function PlanEditor({
  target,
  onClose,
  onSaved,
}: {
  target: PlanTarget;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(target));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { ref: formRef, refused } = useFocusFirstInvalid();
  const countKey = target.kind === "subscription" ? "duration" : "credits";
  const set = <K extends keyof Draft>(key: K, field: string, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () => {
      const common = {
        ...(target.plan ? { id: target.plan.id } : {}),
        title: draft.title.trim(),
        largeCompanyPrice: draft.large ?? 0,
        smallCompanyPrice: draft.small ?? 0,
        active: draft.active,
      };
      return target.kind === "subscription"
        ? saveSubscriptionPlan({ ...common, duration: draft.count ?? 0 })
        : saveCreditPlan({ ...common, credits: draft.count ?? 0 });
    },
    onSuccess: () => {
      notifySuccess(LABELS.saved);
      onSaved();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0) {
        setErrors(propertiesToFieldErrors(error.properties));
        refused();
        return;
      }
      notifyError(LABELS.saveError, serverMessageOr(error));
    },
  });

  // §5: the submit stays disabled while a required field is empty or a price is zero, and says which.
  const countLabel = target.kind === "subscription" ? LABELS.duration : LABELS.credits;
  const missing = [
    draft.title.trim() === "" ? LABELS.title : null,
    (draft.count ?? 0) > 0 ? null : countLabel,
    (draft.large ?? 0) > 0 ? null : LABELS.large,
    (draft.small ?? 0) > 0 ? null : LABELS.small,
  ].filter((label): label is string => label !== null);
  const complete = missing.length === 0;
  const reason = useDisabledReason(missingFieldsReason(missing));

  return (
    <AppModal opened onClose={onClose} title={planEditorTitle(target)} size="md">
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) save.mutate();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={LABELS.title}
            required
            maxLength={120}
            value={draft.title}
            onChange={(event) => set("title", "title", event.currentTarget.value)}
            error={errors.title}
            data-autofocus
          />
          <NumberInput
            label={countLabel}
            required
            min={1}
            max={target.kind === "subscription" ? 60 : 1000}
            allowDecimal={false}
            allowNegative={false}
            value={draft.count ?? ""}
            onChange={(value) => set("count", countKey, typeof value === "number" ? value : null)}
            error={errors[countKey]}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <MoneyInput
              label={LABELS.large}
              required
              value={draft.large}
              onChange={(value) => set("large", "largeCompanyPrice", value)}
              error={errors.largeCompanyPrice}
            />
            <MoneyInput
              label={LABELS.small}
              required
              value={draft.small}
              onChange={(value) => set("small", "smallCompanyPrice", value)}
              error={errors.smallCompanyPrice}
            />
          </SimpleGrid>
          <Checkbox
            label={LABELS.active}
            checked={draft.active}
            onChange={(event) => set("active", "active", event.currentTarget.checked)}
            error={errors.active}
          />
          {reason.hint}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {LABELS.cancel}
            </Button>
            <Button
              type="submit"
              disabled={!complete}
              loading={save.isPending}
              aria-describedby={reason.describedBy}
            >
              {LABELS.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
