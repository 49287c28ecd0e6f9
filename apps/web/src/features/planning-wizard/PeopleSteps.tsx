import { formatCnpj, formatCpf, hasOnlyRestrictedRoles } from "@certame/domain";
import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { AppModal } from "../../ui/modal/AppModal";
import { EMPTY_TABLE_TEXT } from "../../ui/texts";
import { useSession } from "../auth/session";
import { readOwnBuyer } from "../buyer-registration/api";
import {
  EMPTY_SECRETARY_FORM,
  EMPTY_STAFF_FORM,
  type SecretaryForm,
  type StaffForm,
  secretaryFormFrom,
  staffFormFrom,
} from "../buyer-registration/buyer-form-model";
import { PLANNING_RESPONSIBLE_ROLE, SecretaryFields, StaffFields } from "../buyer-registration/UsersSection";
import { BUYER_REGISTRATION_KEY } from "../buyer-registration/useBuyerRegistration";
import { WizardStepPage } from "./WizardStepPage";
import { WIZARD_TEXTS } from "./wizard-model";

// The requesting areas and the responsible people of a process (planning §2.5 'Identificação da Área
// Requisitante e Responsáveis', §2.11 modals, §5): checkable tables of the body's secretariats and staff,
// each with its create/edit modal. The ETP reuses both (§2.6 SECRETARIES, RESPONSIBLES).

export const PEOPLE_TEXTS = {
  secretariesTitle: "Área(s) Requisitante(s)",
  secretariesTip: "selecione as secretarias ou unidades que requisitam a contratação.",
  addSecretary: "Cadastrar Área Requisitante",
  createSecretary: "Cadastrar Secretaria",
  editSecretary: "Editar Secretaria",
  responsibleTitle: "Responsáveis",
  responsibleTip: "selecione os servidores responsáveis pelo documento.",
  addResponsible: "Cadastrar Responsável",
  createResponsible: "Cadastrar Responsável",
  editResponsible: "Editar Responsável",
  edit: "Editar",
  select: (name: string) => `Selecionar ${name}`,
  selectedCount: (n: number) => (n === 1 ? "1 selecionado" : `${n} selecionados`),
} as const;

const T = PEOPLE_TEXTS;

/** The body's secretariats and staff (app/buyer/read, shared with the registration screen's cache). */
function useOwnBody() {
  return useQuery({ queryKey: [...BUYER_REGISTRATION_KEY, "planning"], queryFn: readOwnBuyer });
}

interface StepProps {
  selected: string[];
  readOnly: boolean;
  saveLabel?: string;
  title?: string;
  tip?: ReactNode;
  onSave: (ids: string[]) => Promise<void>;
}

function useSelection(initial: string[]) {
  const [ids, setIds] = useState(initial);
  const signature = initial.join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the list's content
  useEffect(() => setIds(initial), [signature]);
  const toggle = (id: string, on: boolean) =>
    setIds((current) => (on ? [...new Set([...current, id])] : current.filter((x) => x !== id)));
  return { ids, toggle, add: (id: string) => setIds((current) => [...new Set([...current, id])]) };
}

function CheckTable({
  caption,
  headers,
  rows,
  selected,
  readOnly,
  onToggle,
  onEdit,
  canEdit = () => true,
}: {
  caption: string;
  headers: string[];
  rows: { id: string; name: string; cells: string[] }[];
  selected: string[];
  readOnly: boolean;
  onToggle: (id: string, on: boolean) => void;
  onEdit: (id: string) => void;
  canEdit?: (id: string) => boolean;
}) {
  return (
    <ScrollTable label={caption} minWidth={560} striped withTableBorder verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <VisuallyHidden>Selecionar</VisuallyHidden>
          </Table.Th>
          {headers.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
          <Table.Th w={60}>{T.edit}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={headers.length + 2}>
              <Text size="sm" c="dimmed">
                {EMPTY_TABLE_TEXT}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Checkbox
                  aria-label={T.select(row.name)}
                  checked={selected.includes(row.id)}
                  disabled={readOnly}
                  onChange={(e) => onToggle(row.id, e.currentTarget.checked)}
                />
              </Table.Td>
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
              <Table.Td>
                {canEdit(row.id) && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${T.edit} ${row.name}`}
                    disabled={readOnly}
                    onClick={() => onEdit(row.id)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** The frame both people steps share: the add button, the checkable table, the count, the save. */
function SelectionStep({
  title,
  tip,
  saveLabel,
  readOnly,
  ids,
  addLabel,
  onAdd,
  table,
  onSave,
  children,
}: {
  title: string;
  tip: ReactNode;
  saveLabel: string;
  readOnly: boolean;
  ids: string[];
  addLabel: string;
  onAdd: () => void;
  table: ReactNode;
  onSave: (ids: string[]) => Promise<void>;
  children: ReactNode;
}) {
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(ids);
    } finally {
      setSaving(false);
    }
  };
  return (
    <WizardStepPage
      title={title}
      tip={tip}
      saveLabel={saveLabel}
      saveDisabled={ids.length === 0}
      saving={saving}
      readOnly={readOnly}
      onSave={() => void save()}
    >
      <Stack gap="sm">
        {!readOnly && (
          <Group justify="flex-end">
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
              {addLabel}
            </Button>
          </Group>
        )}
        {table}
        <Text size="sm" c="dimmed" aria-live="polite">
          {T.selectedCount(ids.length)}
        </Text>
      </Stack>
      {children}
    </WizardStepPage>
  );
}

/** §2.5 'Secretaries (requesting areas)': Secretaria, CNPJ, Secretário responsável, Email, Editar. */
export function SecretariesStep({
  selected,
  readOnly,
  saveLabel = WIZARD_TEXTS.saveAndNext,
  title = T.secretariesTitle,
  tip = T.secretariesTip,
  onSave,
}: StepProps) {
  const client = useQueryClient();
  const body = useOwnBody();
  const selection = useSelection(selected);
  const [form, setForm] = useState<SecretaryForm | null>(null);
  const offices = body.data?.secretaries ?? [];
  return (
    <SelectionStep
      title={title}
      tip={tip}
      saveLabel={saveLabel}
      readOnly={readOnly}
      ids={selection.ids}
      addLabel={T.addSecretary}
      onAdd={() => setForm(EMPTY_SECRETARY_FORM)}
      onSave={onSave}
      table={
        <CheckTable
          caption={title}
          headers={["Secretaria", "CNPJ", "Secretário responsável", "Email"]}
          rows={offices.map((o) => ({
            id: o.id,
            name: o.name,
            cells: [o.name, o.cnpj ? formatCnpj(o.cnpj) : "—", o.user?.name ?? "—", o.user?.email ?? "—"],
          }))}
          selected={selection.ids}
          readOnly={readOnly}
          onToggle={selection.toggle}
          onEdit={(id) => {
            const office = offices.find((o) => o.id === id);
            if (office) setForm(secretaryFormFrom(office));
          }}
        />
      }
    >
      <AppModal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form?.id ? T.editSecretary : T.createSecretary}
      >
        {form && (
          <SecretaryFields
            initial={form}
            onClose={() => setForm(null)}
            onSaved={async (id) => {
              const created = !form.id;
              setForm(null);
              await client.invalidateQueries({ queryKey: BUYER_REGISTRATION_KEY });
              // A new area is what the user came to pick: it comes selected.
              if (created && id) selection.add(id);
            }}
          />
        )}
      </AppModal>
    </SelectionStep>
  );
}

/** §2.5 'Responsible': Nome, Email, CPF, Cargo, Editar; the modal of §2.11. */
export function ResponsiblesStep({
  selected,
  readOnly,
  saveLabel = WIZARD_TEXTS.saveAndNext,
  title = T.responsibleTitle,
  tip = T.responsibleTip,
  onSave,
}: StepProps) {
  const client = useQueryClient();
  const body = useOwnBody();
  const selection = useSelection(selected);
  const [form, setForm] = useState<StaffForm | null>(null);
  const staff = body.data?.staffMembers ?? [];
  const offices = (body.data?.secretaries ?? []).map((o) => ({ value: o.id, label: o.name }));
  const { user } = useSession();
  // A planner of a restricted profile edits only the responsibles planning registers (the server's rule).
  const plannerOnly = Boolean(
    user?.buyer &&
      !user.buyer.isBuyerAccount &&
      !user.buyer.isCompetentAuthority &&
      hasOnlyRestrictedRoles(user.buyer.staffRoles ?? []),
  );
  const editable = (s: (typeof staff)[number]) =>
    !plannerOnly || (s.role.length === 1 && s.role[0] === PLANNING_RESPONSIBLE_ROLE);
  return (
    <SelectionStep
      title={title}
      tip={tip}
      saveLabel={saveLabel}
      readOnly={readOnly}
      ids={selection.ids}
      addLabel={T.addResponsible}
      onAdd={() => setForm(EMPTY_STAFF_FORM)}
      onSave={onSave}
      table={
        <CheckTable
          caption={title}
          headers={["Nome", "Email", "CPF", "Cargo"]}
          rows={staff.map((s) => ({
            id: s.id,
            name: s.user.name,
            cells: [
              s.user.name,
              s.user.email,
              s.user.cpf ? formatCpf(s.user.cpf) : "—",
              s.internalPosition ?? "—",
            ],
          }))}
          selected={selection.ids}
          readOnly={readOnly}
          onToggle={selection.toggle}
          canEdit={(id) => {
            const member = staff.find((s) => s.id === id);
            return Boolean(member && editable(member));
          }}
          onEdit={(id) => {
            const member = staff.find((s) => s.id === id);
            if (member) setForm(staffFormFrom(member));
          }}
        />
      }
    >
      <AppModal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form?.id ? T.editResponsible : T.createResponsible}
      >
        {form && (
          <StaffFields
            planning
            initial={form}
            offices={offices}
            onClose={() => setForm(null)}
            onSaved={async (id) => {
              const created = !form.id;
              setForm(null);
              await client.invalidateQueries({ queryKey: BUYER_REGISTRATION_KEY });
              if (created && id) selection.add(id);
            }}
          />
        )}
      </AppModal>
    </SelectionStep>
  );
}
