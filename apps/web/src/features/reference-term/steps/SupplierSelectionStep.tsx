import {
  CONTRACT_EXECUTION_REGIME_LABELS,
  CONTRACT_EXECUTION_REGIMES,
  MINIMUM_INDEX_LABELS,
  MINIMUM_INDEXES,
  OBJECT_SUPPLY_TYPE_LABELS,
  OBJECT_SUPPLY_TYPES,
  type SupplierSelectionData,
} from "@certame/domain";
import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { PercentInput } from "../../../ui/inputs/PercentInput";
import { fieldError } from "../fields/errors";
import { ListField } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import {
  EnumRadio,
  EnumSelect,
  JudgementCriterionField,
  modalityLabel,
  patcher,
  type Row,
  redLabel,
  stepScope,
} from "./step-kit";

type Authorization = Row<NonNullable<SupplierSelectionData["authorizationDetails"]>[number]>;
type Qualification = Row<NonNullable<SupplierSelectionData["technicalQualifications"]>[number]>;

/**
 * Step 8 — 'Formas e Critérios de Seleção do Fornecedor e Forma de Fornecimento' (planning §2.10
 * "Step 8", §5 "Supplier selection"): the modality (read-only) and the judgement criterion; the
 * execution regime (not goods) or the object supply type (goods); the business authorization; the
 * minimum capital or net worth (not service with labour); the professional registration; the
 * minimum technical qualification (neither service with labour nor engineering).
 */
export function SupplierSelectionStep({
  value,
  onChange,
  errors,
  context,
}: StepFormProps<SupplierSelectionData>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  // As the domain's rules (validateReferenceTermChapter): services with labour skip the minimum value
  // and the qualification, engineering the qualification; a sub-modality of no group asks neither.
  const asksMinimumValue =
    scope.isGoods || scope.isEngineering || (scope.isServices && !scope.isServiceWithLabor);
  const asksQualification = scope.isGoods || (scope.isServices && !scope.isServiceWithLabor);

  return (
    <Stack gap="md">
      <TextInput label="Modalidade" value={modalityLabel(context.modality)} readOnly variant="filled" />
      <JudgementCriterionField
        value={value.dispensationForm}
        onChange={(dispensationForm) => set({ dispensationForm })}
        error={error("dispensationForm")}
        required
      />
      {scope.isGoods && (
        <EnumRadio
          label="Tipo de Fornecimento do Objeto"
          values={OBJECT_SUPPLY_TYPES}
          labels={OBJECT_SUPPLY_TYPE_LABELS}
          value={value.objectSupplyType}
          onChange={(objectSupplyType) => set({ objectSupplyType })}
          error={error("objectSupplyType")}
          required
        />
      )}
      {(scope.isServices || scope.isEngineering) && (
        <EnumSelect
          label="Regime de execução do contrato"
          values={CONTRACT_EXECUTION_REGIMES}
          labels={CONTRACT_EXECUTION_REGIME_LABELS}
          value={value.contractExecutionRegime}
          onChange={(contractExecutionRegime) => set({ contractExecutionRegime })}
          error={error("contractExecutionRegime")}
          required
        />
      )}
      <YesNoField
        label="Será solicitado Ato de Autorização para Exercício de Atividade?"
        value={value.isBusinessAuthorizationRequired ?? null}
        onChange={(isBusinessAuthorizationRequired) => set({ isBusinessAuthorizationRequired })}
        error={error("isBusinessAuthorizationRequired")}
        required
      />
      {value.isBusinessAuthorizationRequired === true && (
        <ListField<Authorization>
          title="Detalhes das autorizações"
          addLabel="+ Atividade de Exercício"
          modalTitle="Detalhes da autorização"
          fields={[
            { key: "exerciseActivity", label: "Atividade de Exercício", kind: "text" },
            { key: "competentBody", label: "Orgão competente", kind: "text" },
          ]}
          columns={[
            { header: "Atividade de Exercício", render: (row) => row.exerciseActivity },
            { header: "Orgão competente", render: (row) => row.competentBody },
          ]}
          value={value.authorizationDetails ?? []}
          onChange={(authorizationDetails) => set({ authorizationDetails })}
          error={error("authorizationDetails")}
          numberKey="id"
          emptyText="Nenhuma autorização adicionada."
        />
      )}
      {asksMinimumValue && (
        <>
          <YesNoField
            label="Será exigido capital ou patrimônio líquido mínimo?"
            value={value.isMinimumValueRequired ?? null}
            onChange={(isMinimumValueRequired) => set({ isMinimumValueRequired })}
            error={error("isMinimumValueRequired")}
            required
          />
          {value.isMinimumValueRequired === true && (
            <>
              <EnumRadio
                label="Índice Mínimo"
                values={MINIMUM_INDEXES}
                labels={MINIMUM_INDEX_LABELS}
                value={value.minimumIndex}
                onChange={(minimumIndex) => set({ minimumIndex })}
                error={error("minimumIndex")}
                required
              />
              <PercentInput
                label="Percentual mínimo em relação ao valor estimado da contratação"
                value={value.minimumValue ?? null}
                onChange={(minimumValue) => set({ minimumValue })}
                error={error("minimumValue")}
                styles={redLabel(error("minimumValue"))}
                required
              />
            </>
          )}
        </>
      )}
      <YesNoField
        label="Será exigido registro da empresa em entidade profissional?"
        value={value.isCompanyRegistrationRequired ?? null}
        onChange={(isCompanyRegistrationRequired) => set({ isCompanyRegistrationRequired })}
        error={error("isCompanyRegistrationRequired")}
        required
      />
      {value.isCompanyRegistrationRequired === true && (
        <TextInput
          label="Nome da Entidade Profissional"
          value={value.companyName ?? ""}
          onChange={(e) => set({ companyName: e.currentTarget.value })}
          error={error("companyName")}
          styles={redLabel(error("companyName"))}
          maxLength={5000}
          required
        />
      )}
      {asksQualification && (
        <TechnicalQualifications
          value={value.technicalQualifications ?? []}
          onChange={(technicalQualifications) => set({ technicalQualifications })}
          error={error("technicalQualification") ?? error("technicalQualifications")}
        />
      )}
    </Stack>
  );
}

const QUALIFICATION_LABEL = "Características mínimas da qualificação técnica";

/** The text with '+ Característica Técnica', which adds to the list; an empty input is ignored (§5). */
function TechnicalQualifications({
  value,
  onChange,
  error,
}: {
  value: Qualification[];
  onChange: (next: Qualification[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const qualification = draft.trim();
    if (!qualification) return;
    onChange([...value, { id: value.length + 1, qualification } as Qualification]);
    setDraft("");
  };
  const remove = (index: number) =>
    onChange(value.filter((_, i) => i !== index).map((row, i) => ({ ...row, id: i + 1 })));
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={QUALIFICATION_LABEL}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          error={error}
          styles={redLabel(error)}
          maxLength={5000}
          required
        />
        <Button variant="light" onClick={add} mb={error ? 22 : 0}>
          + Característica Técnica
        </Button>
      </Group>
      {value.length > 0 && (
        <Table withTableBorder aria-label="Características técnicas adicionadas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Característica técnica</Table.Th>
              <Table.Th w={90}>Excluir</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((row, i) => (
              <Table.Tr key={`${row.id}-${row.qualification}`}>
                <Table.Td>
                  <Text size="sm">{row.qualification}</Text>
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Excluir ${row.qualification}`}
                    onClick={() => remove(i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
