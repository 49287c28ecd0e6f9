import { formatCpf, PROBABILITY_LABELS, RISK_PHASE_LABELS } from "@certame/domain";
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { AppModal } from "../../ui/modal/AppModal";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { readOwnBuyer } from "../buyer-registration/api";
import { EMPTY_STAFF_FORM } from "../buyer-registration/buyer-form-model";
import { StaffFields } from "../buyer-registration/UsersSection";
import { BUYER_REGISTRATION_KEY } from "../buyer-registration/useBuyerRegistration";
import { WizardStepPage } from "../planning-wizard";
import type { SelectedRisk, StaffPerson } from "./api";
import { RISK_TEXTS as T } from "./texts";

const cpf = (value: string | null) => (value ? formatCpf(value) : "—");

function PeopleTable({ caption, people }: { caption: string; people: StaffPerson[] }) {
  return (
    <ScrollTable label={caption} minWidth={480} withTableBorder verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{T.person.name}</Table.Th>
          <Table.Th>{T.person.email}</Table.Th>
          <Table.Th>{T.person.cpf}</Table.Th>
          <Table.Th>{T.person.position}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {people.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text size="sm" c="gray.7">
                {T.noResponsible}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          people.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>{p.email ?? "—"}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{cpf(p.cpf)}</Table.Td>
              <Table.Td>{p.position ?? "—"}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}

/**
 * 'Responsáveis' of the risk matrix (§2.7): one card per selected risk ('Risco N', its description, phase
 * and probability) with its people; 'Editar Responsáveis' opens the checkable list of the body's staff,
 * with 'Adicionar novo responsável' (the responsible create modal) and 'Selecionar', which saves.
 * 'Salvar e Avançar' waits until every risk has someone (§5).
 */
export function RiskResponsiblesStep({
  risks,
  staff,
  readOnly,
  readOnlyReason,
  onSaveRisk,
  onSaveAll,
  onStaffCreated,
}: {
  risks: SelectedRisk[];
  staff: StaffPerson[];
  readOnly: boolean;
  readOnlyReason?: string;
  onSaveRisk: (selectionId: string, staffIds: string[]) => Promise<boolean>;
  onSaveAll: () => Promise<void>;
  onStaffCreated: () => Promise<void>;
}) {
  const [editing, setEditing] = useState<SelectedRisk | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const [saving, setSaving] = useState(false);
  const body = useQuery({
    queryKey: [...BUYER_REGISTRATION_KEY, "planning"],
    queryFn: readOwnBuyer,
    enabled: creating,
  });
  const offices = (body.data?.secretaries ?? []).map((o) => ({ value: o.id, label: o.name }));

  const open = (risk: SelectedRisk) => {
    setEditing(risk);
    setChecked(risk.responsible.map((p) => p.id));
  };
  const select = async () => {
    if (!editing) return;
    setSaving(true);
    try {
      if (await onSaveRisk(editing.id, checked)) setEditing(null);
    } finally {
      setSaving(false);
    }
  };
  const saveAll = async () => {
    setSaving(true);
    try {
      await onSaveAll();
    } finally {
      setSaving(false);
    }
  };

  return (
    <WizardStepPage
      title={T.responsibles}
      tip={T.responsiblesTip}
      saveDisabled={risks.length === 0 || risks.some((r) => r.responsible.length === 0)}
      saving={saving && editing === null}
      readOnly={readOnly}
      readOnlyReason={readOnlyReason}
      onSave={() => void saveAll()}
    >
      {risks.length === 0 ? (
        <Text size="sm" c="gray.7">
          {T.noRiskSelected}
        </Text>
      ) : (
        <Stack gap="md">
          {risks.map((selection, i) => (
            <Paper
              key={selection.id}
              withBorder
              radius="md"
              p="md"
              component="article"
              aria-label={T.riskCard(i + 1)}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={3} fz="md" c="certame.9">
                    {T.riskCard(i + 1)}
                  </Title>
                  {!readOnly && (
                    <Anchor component="button" type="button" size="sm" onClick={() => open(selection)}>
                      {T.editResponsibles}
                    </Anchor>
                  )}
                </Group>
                <Text size="sm">{selection.risk.description}</Text>
                <Text size="sm" c="gray.7">
                  {T.columns.phase}: {RISK_PHASE_LABELS[selection.risk.phase] ?? selection.risk.phase} ·{" "}
                  {T.columns.probability}:{" "}
                  {PROBABILITY_LABELS[selection.risk.probability] ?? selection.risk.probability}
                </Text>
                <PeopleTable
                  caption={`${T.responsibles} — ${T.riskCard(i + 1)}`}
                  people={selection.responsible}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <AppModal
        opened={editing !== null && !creating}
        onClose={() => setEditing(null)}
        title={T.responsiblesModal}
      >
        <Stack gap="md">
          {editing && (
            <Text size="sm" c="gray.8">
              {editing.risk.description}
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => setCreating(true)}
            >
              {T.addResponsible}
            </Button>
          </Group>
          <ScrollTable label={T.responsiblesModal} minWidth={440} withTableBorder verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Selecionar</VisuallyHidden>
                </Table.Th>
                <Table.Th>{T.person.name}</Table.Th>
                <Table.Th>{T.person.email}</Table.Th>
                <Table.Th>{T.person.position}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {staff.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>{EMPTY_TABLE_TEXT}</Table.Td>
                </Table.Tr>
              ) : (
                staff.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={T.selectPerson(p.name)}
                        checked={checked.includes(p.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setChecked((c) => (on ? [...new Set([...c, p.id])] : c.filter((x) => x !== p.id)));
                        }}
                      />
                    </Table.Td>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.email ?? "—"}</Table.Td>
                    <Table.Td>{p.position ?? "—"}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </ScrollTable>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEditing(null)} disabled={saving}>
              {T.cancel}
            </Button>
            <Button onClick={() => void select()} loading={saving} disabled={checked.length === 0}>
              {T.selectButton}
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <AppModal opened={creating} onClose={() => setCreating(false)} title={T.createResponsible}>
        {creating && (
          <StaffFields
            planning
            initial={EMPTY_STAFF_FORM}
            offices={offices}
            onClose={() => setCreating(false)}
            onSaved={async (id) => {
              setCreating(false);
              await onStaffCreated();
              if (id) setChecked((c) => [...new Set([...c, id])]);
            }}
          />
        )}
      </AppModal>
    </WizardStepPage>
  );
}
