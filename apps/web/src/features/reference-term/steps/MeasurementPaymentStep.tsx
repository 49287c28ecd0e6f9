import {
  ADVANCE_KIND_LABELS,
  ADVANCE_KINDS,
  formatBRL,
  type MeasurementPaymentData,
  MONETARY_CORRECTION_INDEX_LABELS,
  MONETARY_CORRECTION_INDEXES,
  TERM_PAYMENT_METHOD_LABELS,
  TERM_PAYMENT_METHODS,
} from "@certame/domain";
import { Stack } from "@mantine/core";
import { MoneyInput } from "../../../ui/inputs/MoneyInput";
import { PercentInput } from "../../../ui/inputs/PercentInput";
import { fieldError } from "../fields/errors";
import { ListField } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { CountField, EnumRadio, EnumSelect, patcher, type Row, redLabel, stepScope } from "./step-kit";

type Criterion = Row<NonNullable<MeasurementPaymentData["measurementAndPaymentCriteria"]>[number]>;
type AdvanceRule = Row<NonNullable<MeasurementPaymentData["advanceDetails"]>[number]>;

const money = (cents: number | null | undefined) =>
  typeof cents === "number" && Number.isSafeInteger(cents) ? formatBRL(cents, 2) : "-";

/**
 * Step 7 — 'Critérios de Medição e de Pagamento' (planning §2.10 "Step 7", §5 "Payment"): the
 * criteria (not goods), receipt and liquidation periods, the correction index, the payment method
 * (not goods, not service without labour), bank fees (service with labour, linked deposit account)
 * and the advance-payment block (not service with labour).
 */
export function MeasurementPaymentStep({
  value,
  onChange,
  errors,
  context,
}: StepFormProps<MeasurementPaymentData>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  // As the domain's rules (validateReferenceTermChapter): a sub-modality of no group is handled as goods.
  const showsCriteria = scope.isServices || scope.isEngineering;
  const showsPaymentMethod = scope.isEngineering || (scope.isServices && !scope.isServiceWithoutLabor);
  const asksBankFees = scope.isServiceWithLabor && value.paymentMethod === "LINKED_DEPOSIT_ACCOUNT";

  return (
    <Stack gap="md">
      {showsCriteria && (
        <ListField<Criterion>
          title="Critérios de medição e pagamento"
          addLabel="+ Adicionar critério"
          modalTitle="Critério de medição e pagamento"
          fields={[{ key: "description", label: "Critério", kind: "textarea" }]}
          columns={[
            { header: "Número", render: (row, i) => row.number ?? i + 1 },
            { header: "Descrição", render: (row) => row.description },
          ]}
          value={value.measurementAndPaymentCriteria ?? []}
          onChange={(measurementAndPaymentCriteria) => set({ measurementAndPaymentCriteria })}
          error={error("measurementAndPaymentCriteria")}
          numberKey="number"
          emptyText="Nenhum critério adicionado."
        />
      )}
      {scope.isEngineering && (
        <CountField
          label="Prazo de recebimento provisório"
          value={value.provisionalReceiptPeriod}
          onChange={(provisionalReceiptPeriod) => set({ provisionalReceiptPeriod })}
          error={error("provisionalReceiptPeriod")}
          required
        />
      )}
      <CountField
        label="Prazo total para o recebimento definitivo dos itens (dias úteis)"
        value={value.finalReceiptPeriod}
        onChange={(finalReceiptPeriod) => set({ finalReceiptPeriod })}
        error={error("finalReceiptPeriod")}
        required
      />
      {scope.isEngineering && (
        <CountField
          label="Prazo de liquidação da nota fiscal"
          value={value.invoiceGenerationPeriod}
          onChange={(invoiceGenerationPeriod) => set({ invoiceGenerationPeriod })}
          error={error("invoiceGenerationPeriod")}
          required
        />
      )}
      <EnumSelect
        label="Índice de Correção Monetária"
        values={MONETARY_CORRECTION_INDEXES}
        labels={MONETARY_CORRECTION_INDEX_LABELS}
        value={value.monetaryCorrectionIndex}
        onChange={(monetaryCorrectionIndex) => set({ monetaryCorrectionIndex })}
        error={error("monetaryCorrectionIndex")}
        required
      />
      {showsPaymentMethod && (
        <EnumSelect
          label="Forma de pagamento"
          values={TERM_PAYMENT_METHODS}
          labels={TERM_PAYMENT_METHOD_LABELS}
          value={value.paymentMethod}
          onChange={(paymentMethod) => set({ paymentMethod })}
          error={error("paymentMethod")}
          required={scope.isServiceWithLabor || scope.isEngineering}
        />
      )}
      {asksBankFees && (
        <>
          <YesNoField
            label="Haverá custos de tarifas bancárias?"
            value={value.hasBankFees ?? null}
            onChange={(hasBankFees) => set({ hasBankFees })}
            error={error("hasBankFees")}
            required
          />
          {value.hasBankFees === true && (
            <MoneyInput
              label="Valor estimado da tarifa bancária"
              value={value.bankFeesAmountCents ?? null}
              onChange={(bankFeesAmountCents) => set({ bankFeesAmountCents })}
              error={error("bankFeesAmountCents") ?? error("bankFeesAmount")}
              styles={redLabel(error("bankFeesAmountCents") ?? error("bankFeesAmount"))}
              required
            />
          )}
        </>
      )}
      {!scope.isServiceWithLabor && (
        <>
          <YesNoField
            label="Será permitida a antecipação de pagamentos?"
            value={value.canAdvancePayment ?? null}
            onChange={(canAdvancePayment) => set({ canAdvancePayment })}
            error={error("canAdvancePayment")}
            required
          />
          {value.canAdvancePayment === true && (
            <>
              <EnumRadio
                label="Antecipação Permitida"
                values={ADVANCE_KINDS}
                labels={ADVANCE_KIND_LABELS}
                value={value.advancePaymentKind}
                onChange={(advancePaymentKind) => set({ advancePaymentKind })}
                error={error("advancePaymentKind")}
                required
              />
              <ListField<AdvanceRule>
                title="Regra de antecipação"
                addLabel="+ Adicionar regra de antecipação"
                modalTitle="Antecipação"
                fields={[
                  { key: "valueCents", label: "Valor da antecipação", kind: "money" },
                  { key: "condition", label: "Condicionante", kind: "textarea" },
                ]}
                columns={[
                  { header: "Valor da Antecipação (R$ / %)", render: (row) => money(row.valueCents) },
                  { header: "Condicionante", render: (row) => row.condition },
                ]}
                value={value.advanceDetails ?? []}
                onChange={(advanceDetails) => set({ advanceDetails })}
                error={error("advanceDetails")}
                numberKey="id"
                emptyText="Nenhuma regra de antecipação adicionada."
              />
              <CountField
                label="Prazo de Pagamento Antecipado"
                value={value.advancePaymentPeriod}
                onChange={(advancePaymentPeriod) => set({ advancePaymentPeriod })}
                error={error("advancePaymentPeriod")}
                required
              />
              <YesNoField
                label="Será solicitada garantia adicional devido a antecipação?"
                value={value.isAdditionalAssuranceRequested ?? null}
                onChange={(isAdditionalAssuranceRequested) => set({ isAdditionalAssuranceRequested })}
                error={error("isAdditionalAssuranceRequested")}
                required
              />
              {value.isAdditionalAssuranceRequested === true && (
                <PercentInput
                  label="Garantia adicional devido a antecipação"
                  value={value.additionalAssurance ?? null}
                  onChange={(additionalAssurance) => set({ additionalAssurance })}
                  error={error("additionalAssurance")}
                  styles={redLabel(error("additionalAssurance"))}
                  required
                />
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
