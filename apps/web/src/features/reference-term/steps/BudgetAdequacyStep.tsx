import { type BudgetAdequacyData, formatCnpj } from "@certame/domain";
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useId, useState } from "react";
import { fieldError } from "../fields/errors";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { patcher, redLabel, stepScope } from "./step-kit";

/** A secretariat of the process (from the demand formalization), shown in 'Unidades responsáveis'. */
export interface BudgetSecretariat {
  id: string;
  name: string;
  cnpj: string | null;
  responsibleName: string | null;
}

export interface BudgetAdequacyStepProps extends StepFormProps<BudgetAdequacyData> {
  /** The process's secretariats (the page passes them; the form fetches nothing). */
  secretariats?: BudgetSecretariat[];
}

const TEXT_FIELDS = [
  ["sourceResources", "Fonte de Recursos"],
  ["workProgram", "Programa de Trabalho"],
  ["expenseElement", "Elemento de Despesa"],
  ["innerPlan", "Plano Interno"],
] as const;

const AGREEMENT_LABEL = "Número do convênio (somente em caso de verba federal)";

/**
 * Step 10 (reading B) — 'Adequação Orçamentária' (planning §2.10 "Step 10", §5 "Budget adequacy"):
 * the read-only 'Unidades responsáveis', the four budget inputs, and for goods the federal-agreement
 * question with its agreement numbers.
 */
export function BudgetAdequacyStep({
  value,
  onChange,
  errors,
  context,
  secretariats = [],
}: BudgetAdequacyStepProps) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  const unitsTitleId = useId();

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text fw={600} size="sm" id={unitsTitleId}>
          Unidades responsáveis
        </Text>
        <Table withTableBorder aria-labelledby={unitsTitleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40} aria-label="Vinculada" />
              <Table.Th>Secretaria</Table.Th>
              <Table.Th>CNPJ</Table.Th>
              <Table.Th>Secretario responsável</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {secretariats.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    Nenhuma secretaria vinculada ao processo.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              secretariats.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Checkbox checked readOnly aria-label={`Secretaria ${s.name} vinculada`} />
                  </Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.cnpj ? formatCnpj(s.cnpj) : "-"}</Table.Td>
                  <Table.Td>{s.responsibleName || "-"}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Stack>
      {TEXT_FIELDS.map(([key, label]) => (
        <TextInput
          key={key}
          label={label}
          value={value[key] ?? ""}
          onChange={(e) => set({ [key]: e.currentTarget.value })}
          error={error(key)}
          styles={redLabel(error(key))}
          maxLength={5000}
          required
        />
      ))}
      {scope.isGoods && (
        <>
          <YesNoField
            label="Será utilizados recursos oriundos de Convênios com o Governo Federal?"
            value={value.hasAgreementFederalGovernment ?? null}
            onChange={(hasAgreementFederalGovernment) => set({ hasAgreementFederalGovernment })}
            error={error("hasAgreementFederalGovernment")}
            required
          />
          {value.hasAgreementFederalGovernment === true && (
            <AgreementNumbers
              value={value.agreementNumbers ?? []}
              onChange={(agreementNumbers) => set({ agreementNumbers })}
              error={error("agreementNumbers") ?? error("agreementNumber")}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** The agreement number input with '+ Número de Convênio', which adds it to the list (blank ignored). */
function AgreementNumbers({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState("");
  const add = () => {
    const number = draft.trim();
    if (!number || value.includes(number)) return;
    onChange([...value, number]);
    setDraft("");
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={AGREEMENT_LABEL}
          inputMode="numeric"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value.replace(/\D/g, ""))}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          error={error}
          styles={redLabel(error)}
          maxLength={40}
          required
        />
        <Button variant="light" onClick={add} mb={error ? 22 : 0}>
          + Número de Convênio
        </Button>
      </Group>
      {value.length > 0 && (
        <Table withTableBorder aria-label="Números de convênio">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Número do convênio</Table.Th>
              <Table.Th w={90}>Excluir</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((number) => (
              <Table.Tr key={number}>
                <Table.Td>{number}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Excluir convênio ${number}`}
                    onClick={() => onChange(value.filter((n) => n !== number))}
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
