import { NOTICE_STATUS_LABELS, type NoticeStatus } from "@certame/domain";
import { Badge, type MantineColor } from "@mantine/core";

const STATUS_COLORS: Record<NoticeStatus, MantineColor> = {
  PENDING: "yellow",
  PUBLISHED: "certame",
  ONGOING: "teal",
  SUSPENDED: "orange",
  SUSPENDED_INDEFINITELY: "orange",
  FINISHED: "gray",
  CANCELLED: "red",
  REVOKED: "red",
};

export function StatusPill({ status }: { status: NoticeStatus }) {
  return (
    <Badge
      variant="light"
      radius="xl"
      color={STATUS_COLORS[status] ?? "gray"}
      // The tint tells the status apart; the text stays dark enough to read on it (WCAG AA 4.5:1).
      c="gray.9"
      tt="none"
      fw={600}
      style={{ whiteSpace: "nowrap", minWidth: "max-content" }}
    >
      {NOTICE_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
