import { NOTICE_STATUS_LABELS, type NoticeStatus } from "@certame/domain";
import type { MantineColor } from "@mantine/core";
import { Pill } from "../../ui/pill/Pill";

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
  return <Pill label={NOTICE_STATUS_LABELS[status] ?? status} color={STATUS_COLORS[status] ?? "gray"} />;
}
