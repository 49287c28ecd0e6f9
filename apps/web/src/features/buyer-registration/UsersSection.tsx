import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@certame/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { ApiError } from "../../api/client";
import { ScrollTable } from "../../ui/data-table/ScrollTable";
import { propertiesToFieldErrors } from "../../ui/form-errors";
import { MaskedInput } from "../../ui/inputs/MaskedInput";
import { AppModal } from "../../ui/modal/AppModal";
import { ConfirmModal } from "../../ui/modal/ConfirmModal";
import { notifyApiError, notifySuccess } from "../../ui/notify";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import {
  type BuyerRegistrationView,
  checkUser,
  createSecretaryOffice,
  createStaff,
  deleteSecretaryOffices,
  deleteStaff,
  editSecretaryOffice,
  updateStaff,
} from "./api";
import {
  EMPTY_SECRETARY_FORM,
  EMPTY_STAFF_FORM,
  hasAuctioneer,
  type PersonForm,
  type SecretaryForm,
  type StaffForm,
  secretaryFormErrors,
  secretaryFormFrom,
  secretaryPayload,
  staffFormErrors,
  staffFormFrom,
  staffPayload,
} from "./buyer-form-model";
import { BUYER_REGISTRATION_TEXTS as T } from "./texts";

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: STAFF_ROLE_LABELS[r] }));

/** The profile of a responsible person registered from the planning wizards (planning §6). */
export const PLANNING_RESPONSIBLE_ROLE: StaffRole = "SECRETARY_MEMBER";

/** §5 "Responsible": in planning, the secretariats (at least one) and the cargo are required too. */
function planningStaffErrors(form: StaffForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (form.secretariesOffice.length === 0) out.secretariesOffice = "Campo obrigatório";
  if (form.internalPosition.trim() === "") out.internalPosition = "Campo obrigatório";
  return out;
}

/** Server errors of a one-row call: 'buyerStaffData.0.user.cpf' → 'user.cpf'. */
const rowErrors = (error: ApiError) => {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(propertiesToFieldErrors(error.properties)))
    out[key.replace(/^(buyerStaffData|buyerSecretaryOfficeData)\.\d+\./, "")] = message;
  return out;
};

/** 'Demais usuários' (§2.11 section 2): the secretariats and the staff users, each with its modal. */
export function UsersSection({
  view,
  onChanged,
}: {
  view: BuyerRegistrationView;
  onChanged: () => Promise<unknown>;
}) {
  const [office, setOffice] = useState<SecretaryForm | null>(null);
  const [staff, setStaff] = useState<StaffForm | null>(null);
  const [removing, setRemoving] = useState<{ kind: "office" | "staff"; id: string; name: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      if (removing.kind === "office") await deleteSecretaryOffices([removing.id]);
      else await deleteStaff([removing.id]);
      notifySuccess(T.removed);
      setRemoving(null);
      await onChanged();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="sm" c="certame.8">
            {T.secretariesTitle}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setOffice(EMPTY_SECRETARY_FORM)}
          >
            {T.addSecretary}
          </Button>
        </Group>
        <RowsTable
          caption={T.secretariesTitle}
          headers={["Secretaria", "Responsável", "E-mail"]}
          rows={view.secretaries.map((s) => ({
            id: s.id,
            name: s.name,
            cells: [s.name, s.user?.name ?? "—", s.user?.email ?? "—"],
            onEdit: () => setOffice(secretaryFormFrom(s)),
            onRemove: () => setRemoving({ kind: "office", id: s.id, name: s.name }),
          }))}
        />
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="sm" c="certame.8">
            {T.staffTitle}
          </Title>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setStaff(EMPTY_STAFF_FORM)}
          >
            {T.addStaff}
          </Button>
        </Group>
        <RowsTable
          caption={T.staffTitle}
          headers={["Nome", "E-mail", "Perfis de acesso"]}
          rows={view.staffMembers.map((s) => ({
            id: s.id,
            name: s.user.name,
            cells: [s.user.name, s.user.email, s.role.map((r) => STAFF_ROLE_LABELS[r]).join(", ")],
            onEdit: () => setStaff(staffFormFrom(s)),
            onRemove: () => setRemoving({ kind: "staff", id: s.id, name: s.user.name }),
          }))}
        />
        {!hasAuctioneer(view) && (
          <Alert color="yellow" variant="light" role="status">
            {T.auctioneerNeeded}
          </Alert>
        )}
      </Stack>

      <AppModal opened={office !== null} onClose={() => setOffice(null)} title={T.secretaryModal}>
        {office && (
          <SecretaryFields
            initial={office}
            onClose={() => setOffice(null)}
            onSaved={async () => {
              setOffice(null);
              await onChanged();
            }}
          />
        )}
      </AppModal>
      <AppModal opened={staff !== null} onClose={() => setStaff(null)} title={T.staffModal}>
        {staff && (
          <StaffFields
            initial={staff}
            offices={view.secretaries.map((s) => ({ value: s.id, label: s.name }))}
            onClose={() => setStaff(null)}
            onSaved={async () => {
              setStaff(null);
              await onChanged();
            }}
          />
        )}
      </AppModal>
      <ConfirmModal
        opened={removing !== null}
        title={T.confirmRemoveTitle}
        confirmLabel={T.remove}
        color="red"
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? removing.kind === "office"
            ? T.confirmRemoveSecretary(removing.name)
            : T.confirmRemoveStaff(removing.name)
          : ""}
      </ConfirmModal>
    </Stack>
  );
}

interface Row {
  id: string;
  name: string;
  cells: ReactNode[];
  onEdit: () => void;
  onRemove: () => void;
}

function RowsTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: Row[] }) {
  return (
    <ScrollTable label={caption} minWidth={520} striped withTableBorder verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          {headers.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
          <Table.Th>Ações</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={headers.length + 1}>
              <Text size="sm" c="dimmed">
                {T.emptyTable}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id}>
              {row.cells.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`${T.edit} ${row.name}`} onClick={row.onEdit}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${T.remove} ${row.name}`}
                    onClick={row.onRemove}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** The person fields shared by both modals (§5: name, CPF, phone and e-mail required). */
function PersonFields({
  person,
  onChange,
  errors,
  withCellphone,
}: {
  person: PersonForm;
  onChange: (change: Partial<PersonForm>) => void;
  errors: Record<string, string | undefined>;
  withCellphone?: boolean;
}) {
  const [emailHint, setEmailHint] = useState("");
  const checkEmail = async () => {
    if (!person.email.includes("@")) return setEmailHint("");
    try {
      const answer = await checkUser({ email: person.email.trim() });
      setEmailHint(answer.email.inUse ? T.emailInUse : "");
    } catch {
      setEmailHint("");
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Nome"
        withAsterisk
        maxLength={200}
        value={person.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        error={errors["user.name"]}
      />
      <TextInput
        label="E-mail"
        withAsterisk
        type="email"
        maxLength={254}
        value={person.email}
        onChange={(e) => {
          setEmailHint("");
          onChange({ email: e.currentTarget.value });
        }}
        onBlur={() => void checkEmail()}
        description={emailHint || undefined}
        error={errors["user.email"]}
      />
      <MaskedInput
        mask="cpf"
        label="CPF"
        withAsterisk
        value={person.cpf}
        onChange={(masked) => onChange({ cpf: masked })}
        error={errors["user.cpf"]}
      />
      <MaskedInput
        mask="tel"
        label="Telefone"
        withAsterisk
        value={person.phoneNumber}
        onChange={(masked) => onChange({ phoneNumber: masked })}
        error={errors["user.phoneNumber"]}
      />
      {withCellphone && (
        <MaskedInput
          mask="tel"
          label="Celular"
          withAsterisk
          value={person.cellphoneNumber}
          onChange={(masked) => onChange({ cellphoneNumber: masked })}
          error={errors["user.cellphoneNumber"]}
        />
      )}
    </SimpleGrid>
  );
}

/** Messages to show: the server's, else the form's for fields that hold something. */
function shownErrors(
  local: Record<string, string>,
  server: Record<string, string>,
  values: Record<string, string>,
) {
  const out: Record<string, string | undefined> = {};
  for (const [key, message] of Object.entries(local))
    if ((values[key] ?? "").trim() !== "") out[key] = message;
  return { ...out, ...server };
}

const personValues = (p: PersonForm) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [`user.${k}`, v])) as Record<string, string>;

export function SecretaryFields({
  initial,
  onClose,
  onSaved,
}: {
  initial: SecretaryForm;
  onClose: () => void;
  onSaved: (id: string | undefined) => Promise<void>;
}) {
  const [form, setForm] = useState(initial);
  const [server, setServer] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const local = secretaryFormErrors(form);
  const errors = shownErrors(local, server, { name: form.name, cnpj: form.cnpj, ...personValues(form.user) });
  const save = async () => {
    setSaving(true);
    try {
      const payload = secretaryPayload(form);
      const answer = await (form.id ? editSecretaryOffice(payload) : createSecretaryOffice(payload));
      notifySuccess(T.secretarySaved);
      await onSaved(answer.ids[0]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
        setServer(rowErrors(error));
      else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Nome da secretaria"
          withAsterisk
          maxLength={300}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          error={errors.name}
        />
        <MaskedInput
          mask="cnpj"
          label="CNPJ da secretaria"
          value={form.cnpj}
          onChange={(masked) => setForm({ ...form, cnpj: masked })}
          error={errors.cnpj}
        />
      </SimpleGrid>
      <Text size="sm" fw={600}>
        Secretário(a) responsável
      </Text>
      <PersonFields
        person={form.user}
        errors={errors}
        onChange={(change) => {
          setForm((f) => ({ ...f, user: { ...f.user, ...change } }));
          setServer({});
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={Object.keys(local).length > 0} loading={saving} onClick={() => void save()}>
          {T.save}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A staff user's fields. `planning`: the responsible modal of the planning wizards (planning §2.11,
 * §5 "Responsible"): the profile is SECRETARY_MEMBER (the one a planner may give), and the secretariats
 * and the cargo are required.
 */
export function StaffFields({
  initial,
  offices,
  onClose,
  onSaved,
  planning = false,
}: {
  initial: StaffForm;
  offices: { value: string; label: string }[];
  onClose: () => void;
  onSaved: (id: string | undefined) => Promise<void>;
  planning?: boolean;
}) {
  // A new responsible gets the planning profile; an existing person keeps the profiles they have.
  const [form, setForm] = useState(
    planning && !initial.id ? { ...initial, role: [PLANNING_RESPONSIBLE_ROLE] } : initial,
  );
  const [server, setServer] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const local = { ...staffFormErrors(form), ...(planning ? planningStaffErrors(form) : {}) };
  const errors = shownErrors(local, server, {
    appointmentOrderDate: form.appointmentOrderDate,
    role: form.role.length === 0 ? "x" : "",
    ...personValues(form.user),
  });
  const set = (change: Partial<StaffForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setServer({});
  };
  const save = async () => {
    setSaving(true);
    try {
      const payload = staffPayload(form);
      const answer = await (form.id ? updateStaff(payload) : createStaff(payload));
      const saved = planning ? T.responsibleSaved : T.staffSaved;
      notifySuccess(answer.invited.length > 0 ? T.invited(answer.invited) : saved, saved);
      await onSaved(answer.ids[0]);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.properties.length > 0)
        setServer(rowErrors(error));
      else notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <PersonFields
        person={form.user}
        errors={errors}
        withCellphone
        onChange={(change) => set({ user: { ...form.user, ...change } })}
      />
      {!planning && (
        <MultiSelect
          label="Perfis de acesso"
          withAsterisk
          data={ROLE_OPTIONS}
          value={form.role}
          onChange={(value) => set({ role: value as StaffRole[] })}
          error={errors.role}
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <MultiSelect
        label="Secretarias"
        withAsterisk={planning}
        data={offices}
        value={form.secretariesOffice}
        onChange={(value) => set({ secretariesOffice: value })}
        nothingFoundMessage={EMPTY_SELECT_TEXT}
        comboboxProps={{ withinPortal: true }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Departamento"
          maxLength={200}
          value={form.department}
          onChange={(e) => set({ department: e.currentTarget.value })}
        />
        <TextInput
          label="Cargo"
          withAsterisk={planning}
          maxLength={200}
          value={form.internalPosition}
          onChange={(e) => set({ internalPosition: e.currentTarget.value })}
        />
        <TextInput
          label="Matrícula"
          maxLength={100}
          value={form.registrationNumber}
          onChange={(e) => set({ registrationNumber: e.currentTarget.value })}
        />
        <TextInput
          label="Número da portaria de nomeação"
          maxLength={100}
          value={form.appointmentOrderNumber}
          onChange={(e) => set({ appointmentOrderNumber: e.currentTarget.value })}
        />
        <MaskedInput
          mask="date"
          label="Data da portaria de nomeação"
          value={form.appointmentOrderDate}
          onChange={(masked) => set({ appointmentOrderDate: masked })}
          error={errors.appointmentOrderDate}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button disabled={Object.keys(local).length > 0} loading={saving} onClick={() => void save()}>
          {T.save}
        </Button>
      </Group>
    </Stack>
  );
}
