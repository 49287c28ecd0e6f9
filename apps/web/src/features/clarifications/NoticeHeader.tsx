import { formatBrasiliaDateTime } from "@certame/domain";
import { Card, SimpleGrid, Text } from "@mantine/core";
import type { ClarificationList } from "./api";
import { CLARIFICATION_TEXTS as T } from "./texts";

/** Which notice the requests are about. */
export function NoticeHeader({ notice }: { notice: ClarificationList["notice"] }) {
  const field = (label: string, value: string) => (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
  return (
    <Card withBorder radius="md" padding="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" m={0}>
        {field(T.notice, notice.noticeNumber)}
        {field(T.buyer, notice.buyerName)}
        {field(T.object, notice.objectOfInterest)}
        {field(T.session, notice.startDateTime ? formatBrasiliaDateTime(notice.startDateTime) : "—")}
      </SimpleGrid>
    </Card>
  );
}
