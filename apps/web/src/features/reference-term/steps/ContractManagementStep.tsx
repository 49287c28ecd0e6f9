import type { ContractManagementData } from "@certame/domain";
import { Stack, TextInput } from "@mantine/core";
import { fieldError } from "../fields/errors";
import { ListField } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { patcher, type Row, redLabel, stepScope } from "./step-kit";

type ExtraRoutine = Row<NonNullable<ContractManagementData["extraRoutines"]>[number]>;

/** Step 6 — 'Modelo de Gestão do Contrato' (planning §2.10 "Step 6", §5 "Contract management"). */
export function ContractManagementStep({
  value,
  onChange,
  errors,
  context,
}: StepFormProps<ContractManagementData>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);

  return (
    <Stack gap="md">
      {scope.isEngineering && (
        <>
          <YesNoField
            label="A contratada deverá manter preposto no local de execução dos serviços?"
            value={value.canKeepAgentOnLocal ?? null}
            onChange={(canKeepAgentOnLocal) => set({ canKeepAgentOnLocal })}
            error={error("canKeepAgentOnLocal")}
            required
          />
          {value.canKeepAgentOnLocal === true && (
            <TextInput
              label="Período de permanência do preposto no local"
              value={value.keepAgentOnLocalPeriod ?? ""}
              onChange={(e) => set({ keepAgentOnLocalPeriod: e.currentTarget.value })}
              error={error("keepAgentOnLocalPeriod")}
              styles={redLabel(error("keepAgentOnLocalPeriod"))}
              maxLength={5000}
              required
            />
          )}
        </>
      )}
      <YesNoField
        label="Haverá rotinas extras de fiscalização?"
        value={value.hasExtraRoutine ?? null}
        onChange={(hasExtraRoutine) => set({ hasExtraRoutine })}
        error={error("hasExtraRoutine")}
        required
      />
      {value.hasExtraRoutine === true && (
        <ListField<ExtraRoutine>
          title="Rotinas extras de fiscalização"
          addLabel="+ Rotina extra"
          modalTitle="Rotinas Extras"
          fields={[
            { key: "description", label: "Descrição da rotina extra de fiscalização", kind: "textarea" },
          ]}
          columns={[{ header: "Descrição", render: (row) => row.description }]}
          value={value.extraRoutines ?? []}
          onChange={(extraRoutines) => set({ extraRoutines })}
          error={error("extraRoutines")}
          numberKey="id"
          emptyText="Nenhuma rotina extra adicionada."
        />
      )}
    </Stack>
  );
}
