import { responsiblePersonLabel } from "@certame/domain";
import { Alert, MultiSelect, SimpleGrid } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { errorMessageOf } from "../../ui/notify";
import { EMPTY_SELECT_TEXT } from "../../ui/texts";
import type { Notice, readBuyer } from "./api";
import { type NoticeFormSectionProps, Section } from "./NoticeFormSection";

type BuyerPeople = Awaited<ReturnType<typeof readBuyer>>;

// Keep the stored people selectable even when the body's list has not loaded them.
const withStored = (
  opts: { value: string; label: string }[],
  stored: { id: string; name?: string; user?: { name: string } }[] | undefined,
) => {
  const out = [...opts];
  for (const s of stored ?? []) {
    if (!out.some((o) => o.value === String(s.id)))
      out.push({ value: String(s.id), label: s.name ?? s.user?.name ?? String(s.id) });
  }
  return out;
};

export interface NoticeResponsiblesSectionProps extends NoticeFormSectionProps {
  /** The stored notice (its people stay selectable). */
  loaded: Notice | undefined;
  /** The buying body's units and staff, and the error of their load (null when none). */
  buyer: BuyerPeople | undefined;
  buyerError: unknown;
}

/** 'Responsáveis': buying units, the auctioneers or agents, the support staff. */
export function NoticeResponsiblesSection({
  form,
  set,
  fieldProps,
  shown,
  loaded,
  buyer,
  buyerError,
}: NoticeResponsiblesSectionProps) {
  const staff = buyer?.staffMembers ?? [];
  const staffOptions = (role: string) =>
    staff.filter((s) => s.role.includes(role)).map((s) => ({ value: String(s.id), label: s.user.name }));
  const secretaryOptions = (buyer?.secretaries ?? []).map((s) => ({
    value: String(s.id),
    label: s.name,
  }));
  return (
    <Section title="Responsáveis">
      <SimpleGrid cols={{ base: 1, md: shown.has("auctioneers") ? 3 : 1 }} spacing="md">
        <MultiSelect
          label="Unidade compradora"
          data={withStored(secretaryOptions, loaded?.secretaryOffice)}
          value={form.secretaryOffice}
          onChange={(v) => set("secretaryOffice", v)}
          searchable
          nothingFoundMessage={EMPTY_SELECT_TEXT}
          {...fieldProps("secretaryOffice")}
          rightSection={undefined}
        />
        {shown.has("auctioneers") && (
          <MultiSelect
            label={responsiblePersonLabel(form.modality)}
            data={withStored(staffOptions("AUCTIONEER"), loaded?.auctioneers)}
            value={form.auctioneers}
            onChange={(v) => set("auctioneers", v)}
            searchable
            nothingFoundMessage={EMPTY_SELECT_TEXT}
            {...fieldProps("auctioneers")}
            rightSection={undefined}
          />
        )}
        {shown.has("supportingStaff") && (
          <MultiSelect
            label="Equipe de apoio"
            data={withStored(staffOptions("SUPPORT_STAFF"), loaded?.supportingStaff)}
            value={form.supportingStaff}
            onChange={(v) => set("supportingStaff", v)}
            searchable
            nothingFoundMessage={EMPTY_SELECT_TEXT}
            {...fieldProps("supportingStaff")}
            rightSection={undefined}
          />
        )}
      </SimpleGrid>
      {buyerError !== null && (
        <Alert mt="md" color="red" icon={<IconAlertCircle size={18} />}>
          Não foi possível carregar as unidades e a equipe do órgão: {errorMessageOf(buyerError)}
        </Alert>
      )}
    </Section>
  );
}
