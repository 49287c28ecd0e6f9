// The message forum of a direct procedure (/forum-de-mensagens/{id}; notices-and-accounts §2.3
// DIRECT_* cards; issue 19 item 2). Signed-in suppliers and citizens post messages about the
// procedure; the body's staff post notices (avisos) and reply to a message. The acts of the
// procedure are public (Lei 14.133/2021 art. 13), so every signed-in user reads the whole forum,
// and direct procedures have no bidding to keep anonymous: a supplier's message shows its company.

import type { NoticeStatus } from "../enums/notice-status";
import { hasOnlyRestrictedRoles, type StaffRole } from "../enums/staff-role";
import type { UserKind } from "../enums/user-kind";
import { z } from "../schemas/zod";

/** Who wrote a message: the body (a notice or a reply), a supplier or a citizen. */
export const FORUM_AUTHOR_KINDS = ["BODY", "SUPPLIER", "CITIZEN"] as const;
export type ForumAuthorKind = (typeof FORUM_AUTHOR_KINDS)[number];

export const FORUM_AUTHOR_KIND_LABELS: Record<ForumAuthorKind, string> = {
  BODY: "Órgão",
  SUPPLIER: "Fornecedor",
  CITIZEN: "Cidadão",
};

export const DIRECT_FORUM_TEXT_MAX = 2000;
/** Threads (a message with its replies) per page. */
export const DIRECT_FORUM_PAGE_SIZE = 10;

export const FORUM_TEXT_REQUIRED = "Escreva a mensagem.";
export const FORUM_CLOSED_MESSAGE =
  "O fórum de mensagens deste processo não recebe novas mensagens: o processo não está publicado ou em andamento.";
export const FORUM_NOT_AN_AUTHOR =
  "Somente fornecedores, cidadãos e a equipe do órgão responsável podem escrever no fórum deste processo.";
export const FORUM_ONLY_BODY_REPLIES = "Somente o órgão responsável responde às mensagens do fórum.";
export const FORUM_REPLY_TO_MESSAGE = "Responda a uma mensagem do fórum, não a uma resposta.";
export const FORUM_MESSAGE_NOT_FOUND = "Mensagem não encontrada neste processo.";

/** The statuses in which the forum takes messages: published or running (not drafts, not closed). */
export const FORUM_OPEN_STATUSES: readonly NoticeStatus[] = ["PUBLISHED", "ONGOING"];

export const isForumOpen = (status: NoticeStatus) => FORUM_OPEN_STATUSES.includes(status);

export interface ForumUser {
  kind: UserKind;
  buyer?: { id: string; staffRoles: readonly StaffRole[] } | null;
  supplier?: { id: string } | null;
}

/**
 * As what the user writes in the forum of a notice of `buyerId`, or null when it may not write: the
 * body's own staff (not the restricted profiles, who neither create nor change processes), any
 * supplier, any citizen. Another body's staff and the platform's staff only read.
 */
export function forumAuthorKind(user: ForumUser, buyerId: string): ForumAuthorKind | null {
  if (user.kind === "BUYER")
    return user.buyer?.id === buyerId && !hasOnlyRestrictedRoles(user.buyer.staffRoles) ? "BODY" : null;
  if (user.kind === "SUPPLIER") return user.supplier ? "SUPPLIER" : null;
  if (user.kind === "REGULAR_CITIZEN") return "CITIZEN";
  return null;
}

/**
 * Why the message may not be posted, or null: the notice must take messages, the author be one
 * (forumAuthorKind), and a reply comes from the body, to a top-level message of the same notice.
 */
export function forumPostRefusal(input: {
  status: NoticeStatus;
  author: ForumAuthorKind | null;
  parent?: { auctionNoticeId: string; parentId: string | null } | null;
  parentGiven: boolean;
  noticeId: string;
}): { status: 400 | 403 | 404 | 409; message: string } | null {
  if (!input.author) return { status: 403, message: FORUM_NOT_AN_AUTHOR };
  if (!isForumOpen(input.status)) return { status: 409, message: FORUM_CLOSED_MESSAGE };
  if (!input.parentGiven) return null;
  if (input.author !== "BODY") return { status: 403, message: FORUM_ONLY_BODY_REPLIES };
  if (!input.parent || input.parent.auctionNoticeId !== input.noticeId)
    return { status: 404, message: FORUM_MESSAGE_NOT_FOUND };
  if (input.parent.parentId !== null) return { status: 400, message: FORUM_REPLY_TO_MESSAGE };
  return null;
}

/** The name a message shows: the body's name, the supplier's company, the citizen's own name. */
export function forumAuthorName(
  kind: ForumAuthorKind,
  names: { bodyName: string; companyName?: string | null; userName: string },
): string {
  if (kind === "BODY") return names.bodyName;
  if (kind === "SUPPLIER") return names.companyName?.trim() || names.userName;
  return names.userName;
}

export const directForumListSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  page: z.number("Página inválida").int("Página inválida").min(1, "Página inválida").max(10_000).optional(),
});
export type DirectForumListInput = z.infer<typeof directForumListSchema>;

export const directForumPostSchema = z.object({
  auctionNoticeId: z.uuid("Identificador inválido"),
  text: z
    .string(FORUM_TEXT_REQUIRED)
    .trim()
    .min(1, FORUM_TEXT_REQUIRED)
    .max(DIRECT_FORUM_TEXT_MAX, `A mensagem deve ter no máximo ${DIRECT_FORUM_TEXT_MAX} caracteres.`),
  /** A reply (the body only): the message it answers. */
  parentId: z.uuid("Mensagem inválida").nullish(),
});
export type DirectForumPostInput = z.infer<typeof directForumPostSchema>;
