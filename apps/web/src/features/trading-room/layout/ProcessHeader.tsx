import { CLOSING_KIND_LABELS, formatBrasiliaDateTime, MODALITY_LABELS } from "@certame/domain";
import { Avatar, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { ROOM_TEXTS } from "../texts";
import type { RoomNotice } from "../types";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => w.length > 2)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");

/** The process data header (§2.1): logo, buyer, notice number, modality, start and closing kind. */
export function ProcessHeader({ notice }: { notice: RoomNotice }) {
  const buyer = notice.buyer?.corporateName ?? "-";
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Dados do processo">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar src={notice.buyer?.urlLogo ?? null} alt={buyer} radius="md" size={44} color="certame">
          {initials(buyer)}
        </Avatar>
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" style={{ flex: 1 }}>
          <Field label={ROOM_TEXTS.buyer} value={buyer} />
          <Field label={ROOM_TEXTS.notice} value={notice.noticeNumber ?? "-"} />
          <Field label={ROOM_TEXTS.modality} value={MODALITY_LABELS[notice.modality]} />
          <Field
            label={ROOM_TEXTS.processStart}
            value={notice.startDateTime ? formatBrasiliaDateTime(notice.startDateTime) : "-"}
          />
          <Field
            label={ROOM_TEXTS.closingKind}
            value={notice.closingKind ? CLOSING_KIND_LABELS[notice.closingKind] : "-"}
          />
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
