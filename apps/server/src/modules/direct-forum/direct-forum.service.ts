import {
  DIRECT_FORUM_PAGE_SIZE,
  DIRECT_LIVE_ACTIONS,
  type DirectForumPostInput,
  FORUM_AUTHOR_KIND_LABELS,
  forumAuthorKind,
  forumAuthorName,
  forumPostRefusal,
  isDirectModality,
  isForumOpen,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { AppError, badRequest, notFound } from "../../http/errors";
import type { Mailer } from "../../integrations/mail/mailer";
import { renderMail } from "../../integrations/mail/templates";
import { commitAndPublish } from "../../room/bus/live-commit";
import type { LivePublisher } from "../../room/bus/live-notice";
import type { SessionUser } from "../auth/auth.service";
import { directLiveNotice } from "../direct-proposals/direct-live";
import { NOTICE_NOT_FOUND } from "../direct-proposals/direct-proposal.service";
import { findNotice } from "../notices/notice.repository";
import * as repo from "./direct-forum.repository";

export const NOT_A_DIRECT_PROCEDURE = "Este processo não é um procedimento auxiliar com fórum de mensagens.";

export interface DirectForumDeps {
  mailer: Mailer;
  publicUrl: string;
  live: LivePublisher;
  clock?: Clock;
  log?: (message: string, error: unknown) => void;
}

type Found = NonNullable<Awaited<ReturnType<typeof findNotice>>>;

/**
 * The message forum of a direct procedure (/forum-de-mensagens/{id}; issue 19 item 2; domain
 * notice/direct-forum.ts): signed-in suppliers and citizens post messages, the body's staff post
 * notices and reply to a message; everyone signed in reads it; the author of a message is e-mailed
 * the body's reply; each new message is pushed to the notice's live pages.
 */
export class DirectForumService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Db,
    private readonly deps: DirectForumDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
  }

  /** A direct procedure the user may see: a draft only by its own body (as app/auction/read). */
  private async visibleNotice(user: SessionUser, noticeId: string): Promise<Found> {
    const found = await findNotice(this.db, noticeId);
    const ownBody = user.kind === "BUYER" && user.buyer?.id === found?.buyer.id;
    if (!found || (found.notice.status === "PENDING" && !ownBody)) throw notFound(NOTICE_NOT_FOUND);
    if (!isDirectModality(found.notice.modality)) throw badRequest(NOT_A_DIRECT_PROCEDURE);
    return found;
  }

  /** The forum's page: threads newest first, each message's replies under it, oldest first. */
  async list(user: SessionUser, noticeId: string, page = 1) {
    const { notice, buyer } = await this.visibleNotice(user, noticeId);
    const { rows, total } = await repo.listThreads(
      this.db,
      notice.id,
      DIRECT_FORUM_PAGE_SIZE,
      (page - 1) * DIRECT_FORUM_PAGE_SIZE,
    );
    const replies = await repo.listReplies(
      this.db,
      rows.map((r) => r.message.id),
    );
    const view = (r: (typeof rows)[number]) => ({
      id: r.message.id,
      authorKind: r.message.authorKind,
      authorKindLabel: FORUM_AUTHOR_KIND_LABELS[r.message.authorKind],
      authorName: forumAuthorName(r.message.authorKind, {
        bodyName: buyer.corporateName,
        companyName: r.companyName,
        userName: r.userName,
      }),
      text: r.message.text,
      createdDate: r.message.createdDate.toISOString(),
      mine: r.message.authorUserId === user.id,
    });
    const author = forumAuthorKind(user, buyer.id);
    const open = isForumOpen(notice.status);
    return {
      notice: {
        id: notice.id,
        noticeNumber: notice.noticeNumber,
        processNumber: notice.processNumber,
        objectOfInterest: notice.objectOfInterest,
        modality: notice.modality,
        status: notice.status,
        buyerName: buyer.corporateName,
      },
      open,
      canPost: open && author !== null,
      canReply: open && author === "BODY",
      page,
      pageSize: DIRECT_FORUM_PAGE_SIZE,
      total,
      threads: rows.map((r) => ({
        ...view(r),
        replies: replies.filter((x) => x.message.parentId === r.message.id).map(view),
      })),
    };
  }

  /** A message, a body's notice, or the body's reply to a message, while the procedure runs. */
  async post(user: SessionUser, input: DirectForumPostInput) {
    const { notice, buyer } = await this.visibleNotice(user, input.auctionNoticeId);
    const author = forumAuthorKind(user, buyer.id);
    const parentGiven = !!input.parentId;
    const now = this.clock();
    const { result } = await commitAndPublish(this.db, this.deps.live, async (tx, outbox) => {
      const status = await repo.lockNoticeStatus(tx, notice.id);
      if (!status) throw notFound(NOTICE_NOT_FOUND);
      const parent = input.parentId ? await repo.findMessage(tx, input.parentId) : null;
      const refusal = forumPostRefusal({ status, author, parent, parentGiven, noticeId: notice.id });
      if (refusal || !author) {
        const { status: code, message } = refusal ?? { status: 403 as const, message: "" };
        throw new AppError(code, message);
      }
      const row = await repo.insertMessage(tx, {
        auctionNoticeId: notice.id,
        parentId: parent?.id ?? null,
        authorUserId: user.id,
        authorKind: author,
        supplierId: author === "SUPPLIER" ? (user.supplier?.id ?? null) : null,
        text: input.text,
        createdDate: now,
        updatedDate: now,
      });
      await appendEvent(tx, {
        auctionNoticeId: notice.id,
        eventType: parent ? "DIRECT_FORUM_REPLY_POSTED" : "DIRECT_FORUM_MESSAGE_POSTED",
        actorUserId: user.id,
        payload: { messageId: row.id, parentId: row.parentId, authorKind: author },
      });
      outbox.push(directLiveNotice(notice.id, DIRECT_LIVE_ACTIONS.forumMessagePosted, row.id));
      return { row, parent };
    });
    if (result.parent && result.parent.authorKind !== "BODY")
      await this.mailReply(result.parent.authorUserId, notice, buyer.corporateName, input.text);
    return { id: result.row.id, parentId: result.row.parentId, createdDate: now.toISOString() };
  }

  /** The author of the message is told of the body's reply; a mail failure is logged, the reply stands. */
  private async mailReply(userId: string, notice: Found["notice"], buyerName: string, reply: string) {
    try {
      const to = await repo.findUserContact(this.db, userId);
      if (!to) return;
      const mail = renderMail(
        "directForumReplied",
        { name: to.name, noticeNumber: notice.noticeNumber, buyerName, reply, noticeId: notice.id },
        this.deps.publicUrl,
      );
      await this.deps.mailer.send({ to: to.email, ...mail });
    } catch (error) {
      this.deps.log?.(`e-mail da resposta no fórum do processo ${notice.id} não enviado`, error);
    }
  }
}
