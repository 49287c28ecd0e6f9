import { type AssuranceData, WARRANTY_KIND_LABELS, WARRANTY_KINDS } from "@certame/domain";
import { Stack } from "@mantine/core";
import { fieldError } from "../fields/errors";
import { ListField } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { CountField, EnumRadio, patcher, type Row, stepScope } from "./step-kit";

type Uniform = Row<NonNullable<AssuranceData["uniformDetails"]>[number]>;
type Procedure = Row<NonNullable<AssuranceData["contractSupervisionProcedures"]>[number]>;

/**
 * Step 5 — 'Garantia, Manutenção e Assistência Técnica' (planning §2.10 "Step 5", §5 "Warranty"):
 * the warranty kind always; goods add the supplementary guarantee and the repair period; services
 * (not engineering) add the uniform; every sub-modality but goods has the transition procedures.
 */
export function AssuranceStep({ value, onChange, errors, context }: StepFormProps<AssuranceData>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);

  return (
    <Stack gap="md">
      <EnumRadio
        label="Tipo de garantia"
        values={WARRANTY_KINDS}
        labels={WARRANTY_KIND_LABELS}
        value={value.warrantyPeriodKind}
        onChange={(warrantyPeriodKind) => set({ warrantyPeriodKind })}
        error={error("warrantyPeriodKind")}
        required
      />
      {value.warrantyPeriodKind === "PREDEFINED_GUARANTEE" && (
        <CountField
          label="Prazo de garantia pré-definido (meses)"
          value={value.predefinedWarrantyPeriodMonths}
          onChange={(predefinedWarrantyPeriodMonths) => set({ predefinedWarrantyPeriodMonths })}
          error={error("predefinedWarrantyPeriodMonths")}
          required
        />
      )}
      {scope.isGoods && (
        <>
          <YesNoField
            label="Haverá garantia complementar"
            value={value.hasSupplementaryGuarantee ?? null}
            onChange={(hasSupplementaryGuarantee) => set({ hasSupplementaryGuarantee })}
            error={error("hasSupplementaryGuarantee")}
            required
          />
          {value.hasSupplementaryGuarantee === true && (
            <CountField
              label="Prazo de garantia complementar (meses)"
              value={value.supplementaryWarrantyPeriodMonths}
              onChange={(supplementaryWarrantyPeriodMonths) => set({ supplementaryWarrantyPeriodMonths })}
              error={error("supplementaryWarrantyPeriodMonths")}
              required
            />
          )}
          <CountField
            label="Prazo de reparação ou substituição dos itens (dias úteis)"
            value={value.repairPeriodDays}
            onChange={(repairPeriodDays) => set({ repairPeriodDays })}
            error={error("repairPeriodDays")}
            required
          />
        </>
      )}
      {scope.isServices && (
        <>
          <YesNoField
            label="Haverá obrigação de utilização de uniforme padronizado?"
            value={value.isMustWearUniform ?? null}
            onChange={(isMustWearUniform) => set({ isMustWearUniform })}
            error={error("isMustWearUniform")}
            required
          />
          {value.isMustWearUniform === true && (
            <ListField<Uniform>
              title="Peças de vestuário"
              addLabel="+ Peça de vestuário"
              modalTitle="Uniforme padronizado"
              fields={[
                { key: "uniform", label: "Peça do vestuário", kind: "text" },
                { key: "amount", label: "Quantidade fornecida", kind: "number" },
                { key: "qualityParameters", label: "Parâmetros de qualidade", kind: "textarea" },
              ]}
              columns={[
                { header: "Peça do vestuário", render: (row) => row.uniform },
                { header: "Quantidade fornecida", render: (row) => row.amount },
                { header: "Parâmetros de qualidade", render: (row) => row.qualityParameters },
              ]}
              value={value.uniformDetails ?? []}
              onChange={(uniformDetails) => set({ uniformDetails })}
              error={error("uniformDetails")}
              numberKey="id"
              emptyText="Nenhuma peça de vestuário adicionada."
            />
          )}
        </>
      )}
      {!scope.isGoods && (
        <>
          <YesNoField
            label="Haverá procedimentos de transição e fiscalização do contrato?"
            value={value.hasContractSupervision ?? null}
            onChange={(hasContractSupervision) => set({ hasContractSupervision })}
            error={error("hasContractSupervision")}
            required
          />
          {value.hasContractSupervision === true && (
            <ListField<Procedure>
              title="Procedimentos"
              addLabel="+ Procedimento de transição"
              modalTitle="Procedimento"
              fields={[{ key: "description", label: "Descrição do procedimento", kind: "textarea" }]}
              columns={[
                { header: "Número", render: (row, i) => row.number ?? i + 1 },
                { header: "Descrição do procedimento", render: (row) => row.description },
              ]}
              value={value.contractSupervisionProcedures ?? []}
              onChange={(contractSupervisionProcedures) => set({ contractSupervisionProcedures })}
              error={error("contractSupervisionProcedures")}
              numberKey="number"
              emptyText="Nenhum procedimento adicionado."
            />
          )}
        </>
      )}
    </Stack>
  );
}
