// Notice status (notices-and-accounts §4; trading-room §4 "Notice status").
export const NOTICE_STATUSES = [
  "PENDING",
  "PUBLISHED",
  "ONGOING",
  "SUSPENDED",
  "SUSPENDED_INDEFINITELY",
  "FINISHED",
  "CANCELLED",
  "REVOKED",
] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  PENDING: "Pendente",
  PUBLISHED: "Publicado",
  ONGOING: "Em andamento",
  SUSPENDED: "Suspenso",
  SUSPENDED_INDEFINITELY: "Suspenso por prazo indeterminado",
  FINISHED: "Encerrado",
  CANCELLED: "Anulado",
  REVOKED: "Revogado",
};

/** Statuses a visitor may see on the public site: everything past the draft. */
export const PUBLIC_NOTICE_STATUSES: readonly NoticeStatus[] = NOTICE_STATUSES.filter((s) => s !== "PENDING");
