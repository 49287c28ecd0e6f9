import {
  brasiliaParts,
  brasiliaToInstant,
  type ContractingRequirementsData,
  type ReferenceTermAddress,
  type ReferenceTermBatch,
} from "@certame/domain";
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { type KeyboardEvent, useId, useState } from "react";
import { ScrollTable } from "../../../ui/data-table/ScrollTable";
import { AppModal } from "../../../ui/modal/AppModal";
import { AddressModal } from "../fields/AddressModal";
import { formatAddress } from "../fields/address";
import { fieldError } from "../fields/errors";
import { ListField, TEXT_MAX_LENGTH } from "../fields/ListField";
import { YesNoField } from "../fields/YesNoField";
import type { StepFormProps } from "../step-props";
import { CountField, patcher, redLabel, stepScope, TimeField } from "./step-kit";

type Data = ContractingRequirementsData;
type Criterion = NonNullable<Data["extraSustainabilityCriterionList"]>[number];
type Brand = NonNullable<Data["permittedBrandList"]>[number];
type SampleItem = NonNullable<Data["sampleRequiredList"]>[number];

/** A lot item as named in the sample list: 'Lote 1 · Item 1 — Papel sulfite A4'. */
export const sampleItemName = (lot: ReferenceTermBatch) =>
  `Lote ${lot.number} · Item ${lot.item ?? "-"} — ${lot.description ?? "-"}`;

const two = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as the Brasília date ('YYYY-MM-DD') and time ('hh:mm') of the inputs. */
export function splitBrasilia(iso: string | null | undefined): { date: string; time: string } {
  if (!iso) return { date: "", time: "" };
  try {
    const p = brasiliaParts(iso);
    return { date: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` };
  } catch {
    return { date: "", time: "" };
  }
}

/** The date and time inputs, read as Brasília wall time, as an ISO instant; null while incomplete. */
export function joinBrasilia(date: string, time: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [hour, minute] = [Number(t[1]), Number(t[2])];
  if (hour > 23 || minute > 59) return null;
  return brasiliaToInstant(
    { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) },
    { hour, minute },
  ).toISOString();
}

/**
 * Step 3 — 'Requisitos da Contratação' (planning §2.10 "Step 3", §5 "Reference term — step 3"):
 * sustainability and the prior site assessment (not for goods), brands, samples (items of the real
 * lots, delivery address, deadlines) and the contractual requirements.
 */
export function ContractingRequirementsStep({ value, onChange, errors, context, lots }: StepFormProps<Data>) {
  const scope = stepScope(context);
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);

  return (
    <Stack gap="xl">
      {!scope.isGoods && (
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={700}>
            Sustentabilidade
          </Text>
          <YesNoField
            label="Haverá critérios adicionais de sustentabilidade?"
            value={value.hasExtraSustainabilityCriterion ?? null}
            onChange={(hasExtraSustainabilityCriterion) => set({ hasExtraSustainabilityCriterion })}
            error={error("hasExtraSustainabilityCriterion")}
            required
          />
          {value.hasExtraSustainabilityCriterion === true && (
            <ListField<Criterion>
              title="Critérios de sustentabilidade"
              addLabel="+ Adicionar critério"
              modalTitle="Critério de sustentabilidade"
              fields={[{ key: "criterion", label: "Critério", kind: "textarea" }]}
              columns={[
                { header: "Número", render: (row, i) => row.id ?? i + 1 },
                { header: "Critério", render: (row) => row.criterion },
              ]}
              value={value.extraSustainabilityCriterionList ?? []}
              onChange={(extraSustainabilityCriterionList) => set({ extraSustainabilityCriterionList })}
              error={error("extraSustainabilityCriterionList")}
              numberKey="id"
              emptyText="Nenhum critério adicionado"
            />
          )}
        </Stack>
      )}

      {!scope.isGoods && <SiteAssessment value={value} onChange={onChange} errors={errors} />}

      <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={700}>
          Marcas
        </Text>
        <YesNoField
          label="Haverá indicação de marca?"
          value={value.hasBrandIndication ?? null}
          onChange={(hasBrandIndication) => set({ hasBrandIndication })}
          error={error("hasBrandIndication")}
          required
        />
        {value.hasBrandIndication === true && (
          <BrandList
            title="Marcas indicadas"
            value={value.permittedBrandList ?? []}
            onChange={(permittedBrandList) => set({ permittedBrandList })}
            error={error("permittedBrandList")}
          />
        )}
        <YesNoField
          label="Haverá vedação de marca?"
          value={value.hasForbiddenBrand ?? null}
          onChange={(hasForbiddenBrand) => set({ hasForbiddenBrand })}
          error={error("hasForbiddenBrand")}
          required
        />
        {value.hasForbiddenBrand === true && (
          <BrandList
            title="Marcas vedadas"
            value={value.forbiddenBrandList ?? []}
            onChange={(forbiddenBrandList) => set({ forbiddenBrandList })}
            error={error("forbiddenBrandList")}
          />
        )}
      </Stack>

      <Samples value={value} onChange={onChange} errors={errors} lots={lots} />

      <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={700}>
          Requisitos contratuais
        </Text>
        <YesNoField
          label="Será exigida carta de solidariedade?"
          value={value.isLetterSolidarityRequired ?? null}
          onChange={(isLetterSolidarityRequired) => set({ isLetterSolidarityRequired })}
          error={error("isLetterSolidarityRequired")}
          required
        />
        <YesNoField
          label="Será permitida a subcontratação?"
          value={value.isSubcontractingPermitted ?? null}
          onChange={(isSubcontractingPermitted) => set({ isSubcontractingPermitted })}
          error={error("isSubcontractingPermitted")}
          required
        />
        {value.isSubcontractingPermitted === true && (
          <NumberInput
            label="Parcela ou percentual máximo de subcontratação (%)"
            required
            value={value.portionOrPercentageSubcontracting ?? ""}
            onChange={(next) =>
              set({ portionOrPercentageSubcontracting: typeof next === "number" ? next : null })
            }
            error={error("portionOrPercentageSubcontracting")}
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            allowNegative={false}
            hideControls
          />
        )}
        {scope.isEngineering && (
          <NumberInput
            label="Parcela de maior relevância do objeto (%)"
            required={value.hasPriorSiteAssessment === true}
            value={value.mainObjectPortion ?? ""}
            onChange={(next) => set({ mainObjectPortion: typeof next === "number" ? next : null })}
            error={error("mainObjectPortion")}
            decimalSeparator=","
            thousandSeparator="."
            decimalScale={2}
            allowNegative={false}
            hideControls
          />
        )}
        <YesNoField
          label="Será exigida garantia da contratação?"
          value={value.isAssuranceRequirement ?? null}
          onChange={(isAssuranceRequirement) => set({ isAssuranceRequirement })}
          error={error("isAssuranceRequirement")}
          required
        />
      </Stack>
    </Stack>
  );
}

type PartProps = Pick<StepFormProps<Data>, "value" | "onChange" | "errors">;

/** Prior site assessment (not goods): start and end as a date plus a Brasília time, and its description. */
function SiteAssessment({ value, onChange, errors }: PartProps) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  // The inputs keep what is typed; the data holds the combined instant once date and time are complete.
  const [start, setStart] = useState(() => splitBrasilia(value.inspectionStartDate));
  const [end, setEnd] = useState(() => splitBrasilia(value.inspectionEndDate));
  const changeStart = (next: { date: string; time: string }) => {
    setStart(next);
    set({ inspectionStartDate: joinBrasilia(next.date, next.time) });
  };
  const changeEnd = (next: { date: string; time: string }) => {
    setEnd(next);
    set({ inspectionEndDate: joinBrasilia(next.date, next.time) });
  };
  return (
    <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={700}>
        Vistoria prévia
      </Text>
      <YesNoField
        label="Haverá vistoria prévia?"
        value={value.hasPriorSiteAssessment ?? null}
        onChange={(hasPriorSiteAssessment) => set({ hasPriorSiteAssessment })}
        error={error("hasPriorSiteAssessment")}
        required
      />
      {value.hasPriorSiteAssessment === true && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Data de início da vistoria"
              type="date"
              required
              value={start.date}
              onChange={(e) => changeStart({ ...start, date: e.currentTarget.value })}
              error={error("inspectionStartDate")}
            />
            <TimeField
              label="Hora de início da vistoria"
              value={start.time}
              onChange={(time) => changeStart({ ...start, time: time ?? "" })}
              error={error("inspectionStartDateTime")}
              required
            />
            <TextInput
              label="Data de término da vistoria"
              type="date"
              required
              value={end.date}
              onChange={(e) => changeEnd({ ...end, date: e.currentTarget.value })}
              error={error("inspectionEndDate")}
            />
            <TimeField
              label="Hora de término da vistoria"
              value={end.time}
              onChange={(time) => changeEnd({ ...end, time: time ?? "" })}
              error={error("inspectionEndDateTime")}
              required
            />
          </SimpleGrid>
          <Textarea
            label="Descrição da vistoria"
            required
            autosize
            minRows={3}
            maxLength={TEXT_MAX_LENGTH}
            value={value.descriptionInspection ?? ""}
            onChange={(e) => set({ descriptionInspection: e.currentTarget.value })}
            error={error("descriptionInspection")}
          />
        </>
      )}
    </Stack>
  );
}

/** A brand list (planning §2.10): a text input and 'Adicionar' (an empty brand is ignored), a table with 'Excluir'. */
function BrandList({
  title,
  value,
  onChange,
  error,
}: {
  title: string;
  value: Brand[];
  onChange: (next: Brand[]) => void;
  error?: string;
}) {
  const [brand, setBrand] = useState("");
  const add = () => {
    const text = brand.trim();
    setBrand("");
    if (!text) return;
    onChange([...value, { id: value.length + 1, brand: text } as Brand]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label={title}
          value={brand}
          onChange={(e) => setBrand(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={error}
          maxLength={500}
          style={{ flex: 1 }}
          styles={redLabel(error)}
        />
        <Button variant="light" onClick={add} mb={error ? 22 : 0}>
          Adicionar
        </Button>
      </Group>
      {value.length > 0 && (
        <ScrollTable label={title} minWidth={280} striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Número</Table.Th>
              <Table.Th>Marca</Table.Th>
              <Table.Th>Excluir</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((row, index) => (
              <Table.Tr key={`${row.id}-${row.brand}`}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td style={{ wordBreak: "break-word" }}>{row.brand}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={`Excluir marca ${row.brand}`}
                    onClick={() =>
                      onChange(
                        value.filter((_, i) => i !== index).map((b, i) => ({ ...b, id: i + 1 }) as Brand),
                      )
                    }
                  >
                    Excluir
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Stack>
  );
}

/** Samples: the items of the process's lots, the delivery address and the deadlines in days. */
function Samples({ value, onChange, errors, lots }: PartProps & { lots: ReferenceTermBatch[] }) {
  const set = patcher(value, onChange);
  const error = (key: string) => fieldError(errors, key);
  const [picking, setPicking] = useState(false);
  const [addressOpen, setAddressOpen] = useState(false);
  const selectionErrorId = useId();
  const addressErrorId = useId();
  const selected = value.sampleRequiredList ?? [];
  const selectionError = error("sampleRequiredListSelectedText") ?? error("sampleRequiredList");
  const address = value.sampleDeliveryAddress as ReferenceTermAddress | null | undefined;
  // The address's own messages come as 'sampleDeliveryAddress.street' and so on (§5 "Address").
  const addressError =
    error("sampleDeliveryAddress") ??
    Object.entries(errors).find(([key]) => key.startsWith("sampleDeliveryAddress."))?.[1][0];
  return (
    <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={700}>
        Amostras
      </Text>
      <YesNoField
        label="Será exigida amostra?"
        value={value.isSampleRequired ?? null}
        onChange={(isSampleRequired) => set({ isSampleRequired })}
        error={error("isSampleRequired")}
        required
      />
      {value.isSampleRequired === true && (
        <>
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} size="sm" c={selectionError ? "var(--mantine-color-error)" : undefined}>
                Itens para amostra
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => setPicking(true)}
                aria-describedby={selectionError ? selectionErrorId : undefined}
              >
                Selecionar itens
              </Button>
            </Group>
            <Text size="sm" data-testid="sample-items">
              {selected.length > 0 ? selected.map((s) => s.item).join("; ") : "Nenhum item selecionado"}
            </Text>
            {selectionError && (
              <Text id={selectionErrorId} size="sm" c="var(--mantine-color-error)">
                {selectionError}
              </Text>
            )}
          </Stack>
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600} size="sm" c={addressError ? "var(--mantine-color-error)" : undefined}>
                Endereço de entrega das amostras
              </Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => setAddressOpen(true)}
                aria-describedby={addressError ? addressErrorId : undefined}
              >
                {address ? "Alterar endereço" : "Adicionar endereço"}
              </Button>
            </Group>
            <Text size="sm" style={{ wordBreak: "break-word" }}>
              {address ? formatAddress(address) : "Nenhum endereço informado"}
            </Text>
            {addressError && (
              <Text id={addressErrorId} size="sm" c="var(--mantine-color-error)">
                {addressError}
              </Text>
            )}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CountField
              label="Prazo para entrega das amostras (dias)"
              value={value.samplesDeliveryDeadline}
              onChange={(samplesDeliveryDeadline) => set({ samplesDeliveryDeadline })}
              error={error("samplesDeliveryDeadline")}
              required
            />
            <CountField
              label="Prazo para retirada das amostras (dias)"
              value={value.samplesCollectingDeadline}
              onChange={(samplesCollectingDeadline) => set({ samplesCollectingDeadline })}
              error={error("samplesCollectingDeadline")}
              required
            />
          </SimpleGrid>
          <SampleItemsModal
            opened={picking}
            lots={lots}
            selected={selected}
            onClose={() => setPicking(false)}
            onConfirm={(sampleRequiredList) => {
              set({ sampleRequiredList });
              setPicking(false);
            }}
          />
          <AddressModal
            opened={addressOpen}
            initial={address}
            title="Endereço de entrega das amostras"
            onClose={() => setAddressOpen(false)}
            onSave={(sampleDeliveryAddress) => {
              set({ sampleDeliveryAddress });
              setAddressOpen(false);
            }}
          />
        </>
      )}
    </Stack>
  );
}

/** 'Lista de Itens para Amostra': select-all, the lot items of the process, 'Confirmar'. */
function SampleItemsModal({
  opened,
  lots,
  selected,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  lots: ReferenceTermBatch[];
  selected: SampleItem[];
  onClose: () => void;
  onConfirm: (next: SampleItem[]) => void;
}) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Lista de Itens para Amostra" size="lg">
      {opened && <SampleItemsForm lots={lots} selected={selected} onClose={onClose} onConfirm={onConfirm} />}
    </AppModal>
  );
}

function SampleItemsForm({
  lots,
  selected,
  onClose,
  onConfirm,
}: {
  lots: ReferenceTermBatch[];
  selected: SampleItem[];
  onClose: () => void;
  onConfirm: (next: SampleItem[]) => void;
}) {
  const names = lots.map(sampleItemName);
  const [checked, setChecked] = useState<Set<string>>(
    () => new Set(selected.map((s) => s.item).filter((item) => names.includes(item))),
  );
  const all = names.length > 0 && checked.size === names.length;
  const toggle = (name: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  return (
    <Stack gap="sm">
      {names.length === 0 ? (
        <Text c="dimmed">Nenhum lote cadastrado na formalização de demanda.</Text>
      ) : (
        <>
          <Checkbox
            label="Selecionar todos"
            checked={all}
            indeterminate={checked.size > 0 && !all}
            onChange={() => setChecked(all ? new Set() : new Set(names))}
          />
          <Stack gap={6} pl="md">
            {names.map((name) => (
              <Checkbox key={name} label={name} checked={checked.has(name)} onChange={() => toggle(name)} />
            ))}
          </Stack>
        </>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          onClick={() =>
            onConfirm(
              names.filter((n) => checked.has(n)).map((item, i) => ({ id: i + 1, item }) as SampleItem),
            )
          }
        >
          Confirmar
        </Button>
      </Group>
    </Stack>
  );
}
