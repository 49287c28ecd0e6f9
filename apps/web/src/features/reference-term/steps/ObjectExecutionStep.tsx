import {
  DELIVERY_EXPIRATION_KIND_LABELS,
  DELIVERY_EXPIRATION_KINDS,
  EXECUTION_REFERENCE_POINT_LABELS,
  EXECUTION_REFERENCE_POINTS,
  formatDocumentDate,
  type ObjectExecutionModelData,
  REFERENCE_TERM_TEXT_MAX_LENGTH,
} from "@certame/domain";
import { Group, Stack } from "@mantine/core";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import { AddressListField } from "../fields/AddressListField";
import { fieldError } from "../fields/errors";
import { ListField } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import {
  addressListError,
  CountField,
  EnumSelect,
  patcher,
  type Row,
  redLabel,
  type StepScope,
  stepScope,
  TimeField,
} from "./step-kit";

type Data = ObjectExecutionModelData;
type Installment = Row<NonNullable<Data["installments"]>[number]>;
type Task = Row<NonNullable<Data["serviceExecutionTimeline"]>[number]>;
type NumberedEntry = Row<NonNullable<Data["routineDetails"]>[number]>;

const ADDRESS_LABEL = "Endereços de execução do objeto";

/**
 * Step 4 — 'Modelo de Execução do Objeto' (planning §2.10 "Step 4", §5 "Reference term — step 4"):
 * goods deliver (installments, terms, expiration, addresses); services and engineering execute
 * (terms, reference point, description, timeline, times, routines, materials, sizing, addresses).
 */
export function ObjectExecutionStep(props: StepFormProps<Data>) {
  const scope = stepScope(props.context);
  return scope.isGoods ? <GoodsDelivery {...props} /> : <ServiceExecution {...props} scope={scope} />;
}

function GoodsDelivery({ value, onChange, errors }: StepFormProps<Data>) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  return (
    <Stack gap="md">
      <YesNoField
        label="Haverá entrega parcelada?"
        value={value.isInstallmentDelivery ?? null}
        onChange={(isInstallmentDelivery) => set({ isInstallmentDelivery })}
        error={error("isInstallmentDelivery")}
        required
      />
      {value.isInstallmentDelivery === true && (
        <ListField<Installment>
          title="Parcelas"
          addLabel="+ Adicionar parcela"
          modalTitle="Parcelas"
          fields={[
            { key: "description", label: "Descrição da parcela", kind: "textarea" },
            { key: "deliveryDate", label: "Prazo de entrega", kind: "date" },
          ]}
          columns={[
            { header: "Número", render: (row, i) => row.number ?? i + 1 },
            { header: "Descrição da parcela", render: (row) => row.description },
            { header: "Prazo de entrega", render: (row) => formatDocumentDate(row.deliveryDate) },
          ]}
          value={value.installments ?? []}
          onChange={(installments) => set({ installments })}
          error={error("installments")}
          numberKey="number"
          emptyText="Nenhuma parcela adicionada."
        />
      )}
      <Group grow align="flex-start">
        <CountField
          label="Prazo de execução do objeto (dias)"
          value={value.executionObjectAmountDays}
          onChange={(executionObjectAmountDays) => set({ executionObjectAmountDays })}
          error={error("executionObjectAmountDays")}
          required={value.isInstallmentDelivery === false}
        />
        <EnumSelect
          label="Início da contagem do prazo"
          values={EXECUTION_REFERENCE_POINTS}
          labels={EXECUTION_REFERENCE_POINT_LABELS}
          value={value.startTermCounting}
          onChange={(startTermCounting) => set({ startTermCounting })}
          error={error("startTermCounting")}
          required
        />
      </Group>
      <CountField
        label="Prazo para justificativa de não entrega (dias)"
        value={value.deadlineNonDeliveryJustificationDate}
        onChange={(deadlineNonDeliveryJustificationDate) => set({ deadlineNonDeliveryJustificationDate })}
        error={error("deadlineNonDeliveryJustificationDate")}
        required
      />
      <Group grow align="flex-start">
        <CountField
          label="Prazo de validade na entrega"
          value={value.deliveryDateExpiration}
          onChange={(deliveryDateExpiration) => set({ deliveryDateExpiration })}
          error={error("deliveryDateExpiration")}
          required
        />
        <EnumSelect
          label="Unidade do prazo de validade"
          values={DELIVERY_EXPIRATION_KINDS}
          labels={DELIVERY_EXPIRATION_KIND_LABELS}
          value={value.deliveryDateExpirationKind}
          onChange={(deliveryDateExpirationKind) => set({ deliveryDateExpirationKind })}
          error={error("deliveryDateExpirationKind")}
          required
        />
      </Group>
      <AddressListField
        label={ADDRESS_LABEL}
        value={value.executionObjectAddresses ?? []}
        onChange={(executionObjectAddresses) => set({ executionObjectAddresses })}
        error={addressListError(errors, "executionObjectAddresses")}
      />
    </Stack>
  );
}

function numberedList(
  title: string,
  addLabel: string,
  modalTitle: string,
  fieldLabel: string,
  emptyText: string,
) {
  return { title, addLabel, modalTitle, fieldLabel, emptyText };
}

const ROUTINES = numberedList(
  "Rotinas",
  "+ Adicionar rotina",
  "Rotinas",
  "Detalhamento das rotinas",
  "Nenhuma rotina adicionada.",
);
const MATERIALS = numberedList(
  "Materiais",
  "+ Adicionar material",
  "Materiais",
  "Material",
  "Nenhum material adicionado.",
);
const PROPOSAL = numberedList(
  "Informações relevantes para o dimensionamento da proposta",
  "+ Adicionar informação",
  "Informações relevantes",
  "Detalhamento da informação",
  "Nenhuma informação adicionada.",
);

function ServiceExecution({ value, onChange, errors, scope }: StepFormProps<Data> & { scope: StepScope }) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  const numbered = (
    list: typeof ROUTINES,
    key: "routineDetails" | "materialsDistributed" | "proposalSizingDetails",
  ) => (
    <ListField<NumberedEntry>
      title={list.title}
      addLabel={list.addLabel}
      modalTitle={list.modalTitle}
      fields={[{ key: "description", label: list.fieldLabel, kind: "textarea" }]}
      columns={[
        { header: "Número", render: (row, i) => row.number ?? i + 1 },
        { header: list.fieldLabel, render: (row) => row.description },
      ]}
      value={value[key] ?? []}
      onChange={(next) => set({ [key]: next })}
      error={error(key)}
      numberKey="number"
      emptyText={list.emptyText}
    />
  );
  return (
    <Stack gap="md" data-scope={scope.group ?? "NONE"}>
      <Group grow align="flex-start">
        <CountField
          label="Prazo de execução dos serviços (dias)"
          value={value.executionObjectAmountDays}
          onChange={(executionObjectAmountDays) => set({ executionObjectAmountDays })}
          error={error("executionObjectAmountDays")}
          required
        />
        <EnumSelect
          label="Contados a partir"
          values={EXECUTION_REFERENCE_POINTS}
          labels={EXECUTION_REFERENCE_POINT_LABELS}
          value={value.executionObjectReferencePoint}
          onChange={(executionObjectReferencePoint) => set({ executionObjectReferencePoint })}
          error={error("executionObjectReferencePoint")}
          required
        />
      </Group>
      <CountedTextarea
        label="Descrição da execução dos serviços"
        value={value.executionServicesDescriptions ?? ""}
        onChange={(executionServicesDescriptions) => set({ executionServicesDescriptions })}
        error={error("executionServicesDescriptions")}
        styles={redLabel(error("executionServicesDescriptions"))}
        maxLength={REFERENCE_TERM_TEXT_MAX_LENGTH}
        autosize
        minRows={3}
        required
      />
      <ListField<Task>
        title="Cronograma de execução dos serviços"
        addLabel="+ Adicionar tarefa"
        modalTitle="Tarefas"
        fields={[
          { key: "description", label: "Dados da tarefa", kind: "textarea" },
          { key: "startDate", label: "Data de início", kind: "date" },
          { key: "endDate", label: "Data de término", kind: "date" },
        ]}
        columns={[
          { header: "Dados da tarefa", render: (row) => row.description },
          { header: "Data de início", render: (row) => formatDocumentDate(row.startDate) },
          { header: "Data de término", render: (row) => formatDocumentDate(row.endDate) },
        ]}
        value={value.serviceExecutionTimeline ?? []}
        onChange={(serviceExecutionTimeline) => set({ serviceExecutionTimeline })}
        error={error("serviceExecutionTimeline")}
        emptyText="Nenhuma tarefa adicionada."
      />
      <Group grow align="flex-start">
        <TimeField
          label="Horário de início da execução dos serviços"
          value={value.serviceExecutionStartTime}
          onChange={(serviceExecutionStartTime) => set({ serviceExecutionStartTime })}
          error={error("serviceExecutionStartTime")}
          required
        />
        <TimeField
          label="Horário de término da execução dos serviços"
          value={value.serviceExecutionEndTime}
          onChange={(serviceExecutionEndTime) => set({ serviceExecutionEndTime })}
          error={error("serviceExecutionEndTime")}
          required
        />
      </Group>
      {numbered(ROUTINES, "routineDetails")}
      {numbered(MATERIALS, "materialsDistributed")}
      {numbered(PROPOSAL, "proposalSizingDetails")}
      <AddressListField
        label={ADDRESS_LABEL}
        value={value.executionObjectAddresses ?? []}
        onChange={(executionObjectAddresses) => set({ executionObjectAddresses })}
        error={addressListError(errors, "executionObjectAddresses")}
      />
    </Stack>
  );
}
