import { CHALLENGE_DECISION_LABELS, CLARIFICATION_KINDS, formatBrasiliaDateTime } from "@certame/domain";
import { Card, Stack, Text } from "@mantine/core";
import { useClarifications } from "./api";
import { CLARIFICATION_TEXTS as T } from "./texts";

/**
 * The answered clarifications and challenges on the public notice (art. 164 parágrafo único: the
 * answers are published on the notice's own site). Who asked is not shown.
 */
export function PublicClarifications({ noticeId }: { noticeId: string }) {
  const clarifications = useClarifications(noticeId, CLARIFICATION_KINDS[0]);
  const challenges = useClarifications(noticeId, CLARIFICATION_KINDS[1]);
  const items = [...(clarifications.data?.items ?? []), ...(challenges.data?.items ?? [])].filter(
    (item) => item.status === "ANSWERED",
  );
  if (items.length === 0) return <Text c="dimmed">{T.publicEmpty}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {items.map((item) => (
        <Card
          key={item.id}
          withBorder
          radius="sm"
          padding="sm"
          component="li"
          data-testid="public-clarification"
        >
          <Text size="xs" c="dimmed">
            {`${item.kind === "CHALLENGE" ? "Impugnação" : "Esclarecimento"} · ${T.askedAt} ${formatBrasiliaDateTime(item.createdDate)}`}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {item.text}
          </Text>
          <Text size="sm" fw={600} mt="xs">
            {item.decision ? `${T.decision}: ${CHALLENGE_DECISION_LABELS[item.decision]}` : T.answer}
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {item.answer}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
