import { randomUUID } from "node:crypto";
import {
  CHAT_MESSAGE_MAX_LENGTH,
  can,
  canSendMessageToAllLots,
  LIVE_EVENTS,
  liveAllBatchesSchema,
  liveNewMessageSchema,
  type RoomRole,
} from "@certame/domain";
import { type Clock, systemClock } from "../../clock/clock";
import type { Db, Tx } from "../../db/client";
import { appendEvent } from "../../events/event-log.repository";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { LiveCommand } from "../bus/live-command";
import { commitAndPublish } from "../bus/live-commit";
import type { LiveNotice, LivePublisher } from "../bus/live-notice";
import { audienceOf, type RenderedEvent, type Viewer, viewerOf } from "../state/audience";
import * as roomRepo from "../state/room.repository";
import type { RoomContext, RoomService } from "../state/room.service";
import * as repo from "./chat.repository";
import { type Mention, memberView, messageView, type ParticipantInfo } from "./chat-views";

export const CHAT_PAGE_SIZE = 50;

export interface MentionRequest {
  anonymousSupplierIdentificationNumber?: number;
  supplierId?: string;
}

export interface SendMessageInput {
  chatChannel: string;
  text: string;
  mediaFiles?: unknown[];
  metadata?: { mentions?: MentionRequest[] };
  /** The notice the sender's room is connected to; a channel of another notice is refused. */
  auctionNoticeId?: string;
}

function checkText(text: unknown): string {
  if (typeof text !== "string" || text.trim() === "") throw badRequest("A mensagem não pode ficar vazia.");
  if (text.length > CHAT_MESSAGE_MAX_LENGTH)
    throw badRequest(`A mensagem deve ter no máximo ${CHAT_MESSAGE_MAX_LENGTH} caracteres.`);
  return text;
}

export class ChatService {
  constructor(
    private readonly db: Db,
    private readonly room: RoomService,
    private readonly live: LivePublisher,
    private readonly clock: Clock = systemClock,
  ) {}

  private permissionContext(ctx: RoomContext, phase: RoomContext["lots"][number]["phase"] | null) {
    return {
      modality: ctx.modality,
      status: ctx.effectiveStatus,
      phase,
      now: this.clock(),
      licensePhase: ctx.licensePhase,
    };
  }

  private async participants(noticeId: string): Promise<Map<string, ParticipantInfo>> {
    const rows = await roomRepo.listParticipants(this.db, noticeId);
    return new Map(rows.map((p) => [p.supplierId, p]));
  }

  /** new_message: one lot's chat (trading-room §2.5, §5 "Chat", §6 SEND_MESSAGES_IN_BATCH_CHAT). */
  async send(user: SessionUser | null, input: SendMessageInput): Promise<{ id: string }> {
    const channel = await repo.findChannel(this.db, input.chatChannel);
    if (!channel) throw notFound("Canal de chat não encontrado.");
    if (input.auctionNoticeId && input.auctionNoticeId !== channel.auctionNoticeId)
      throw forbidden("Este canal de chat não pertence à sala conectada.");
    const ctx = await this.room.requireRoom(channel.auctionNoticeId);
    const member = await this.room.member(user, ctx);
    const lot = ctx.lots.find((l) => l.id === channel.batchId);
    if (!lot) throw notFound("Lote não encontrado.");
    if (!can(member.role, "SEND_MESSAGES_IN_BATCH_CHAT", this.permissionContext(ctx, lot.phase)))
      throw forbidden(
        member.role === "REGULAR_CITIZEN"
          ? "Cidadãos acompanham a sala sem enviar mensagens."
          : "Você não tem permissão para enviar mensagens neste chat.",
      );
    const text = checkText(input.text);
    if (input.mediaFiles && input.mediaFiles.length > 0)
      throw badRequest("O envio de arquivos pelo chat não está disponível.");
    const mentions = await this.resolveMentions(ctx.noticeId, member.role, input.metadata?.mentions);
    const sender = user as SessionUser;
    const { result: id } = await commitAndPublish(this.db, this.live, async (tx, outbox) => {
      const [row] = await repo.insertMessages(tx, [
        {
          chatChannelId: channel.id,
          auctionNoticeId: ctx.noticeId,
          batchId: channel.batchId,
          userId: sender.id,
          senderRole: member.role,
          supplierId: member.supplierId,
          text,
          metadata: { mentions },
        },
      ]);
      const messageId = (row as { id: string }).id;
      await roomRepo.joinChannels(tx, [channel.id], sender.id);
      await appendEvent(tx, {
        auctionNoticeId: ctx.noticeId,
        eventType: "CHAT_MESSAGE_SENT",
        actorUserId: sender.id,
        payload: { messageId, chatChannelId: channel.id, batchId: channel.batchId, text, mentions },
      });
      outbox.push({ t: "chat", n: ctx.noticeId, m: messageId });
      return messageId;
    });
    return { id };
  }

  /** new_message_all_batches: only AUCTIONEER and STAFF_MEMBER (§6 Extra conditions). */
  async sendToAllLots(user: SessionUser | null, input: { auctionNoticeId: string; text: string }) {
    const ctx = await this.room.requireRoom(input.auctionNoticeId);
    const member = await this.room.member(user, ctx);
    if (
      !canSendMessageToAllLots(member.role) ||
      !can(member.role, "SEND_MESSAGES_IN_BATCH_CHAT", this.permissionContext(ctx, null))
    )
      throw forbidden(
        "Apenas o pregoeiro/agente de contratação e a equipe de apoio enviam mensagens a todos os lotes.",
      );
    const text = checkText(input.text);
    const sender = user as SessionUser;
    const group = randomUUID();
    const { result: groupId } = await commitAndPublish(this.db, this.live, async (tx, outbox) => {
      const channels = await roomRepo.ensureChannels(tx, ctx.noticeId);
      const rows = await repo.insertMessages(
        tx,
        ctx.lots.flatMap((lot) => {
          const chatChannelId = channels.get(lot.id);
          return chatChannelId
            ? [
                {
                  chatChannelId,
                  auctionNoticeId: ctx.noticeId,
                  batchId: lot.id,
                  userId: sender.id,
                  senderRole: member.role,
                  text,
                  groupId: group,
                  isForAllBatches: true,
                },
              ]
            : [];
        }),
      );
      await appendEvent(tx, {
        auctionNoticeId: ctx.noticeId,
        eventType: "CHAT_MESSAGE_SENT_TO_BATCHES",
        actorUserId: sender.id,
        payload: {
          groupId: group,
          text,
          messageIds: rows.map((r) => r.id),
          batchesIds: rows.map((r) => r.batchId),
        },
      });
      outbox.push({ t: "chatAll", n: ctx.noticeId, g: group });
      return group;
    });
    return { groupId };
  }

  /**
   * A system message in the given lots, inside the caller's transaction (phase moves and control
   * actions of the engine). The caller publishes the returned notice after its commit.
   */
  async postSystemMessage(
    tx: Tx,
    input: { auctionNoticeId: string; batchIds: readonly string[]; text: string; action: string },
  ): Promise<LiveNotice | null> {
    const channels = await roomRepo.ensureChannels(tx, input.auctionNoticeId);
    const groupId = randomUUID();
    const rows = await repo.insertMessages(
      tx,
      input.batchIds.flatMap((batchId) => {
        const chatChannelId = channels.get(batchId);
        return chatChannelId
          ? [
              {
                chatChannelId,
                auctionNoticeId: input.auctionNoticeId,
                batchId,
                text: input.text,
                isSystemMessage: true,
                action: input.action,
                groupId,
                isForAllBatches: input.batchIds.length > 1,
                createdDate: repo.createdAfterChannelLast(chatChannelId),
              },
            ]
          : [];
      }),
    );
    if (rows.length === 0) return null;
    await appendEvent(tx, {
      auctionNoticeId: input.auctionNoticeId,
      eventType: "CHAT_SYSTEM_MESSAGE",
      actorUserId: null,
      payload: { groupId, text: input.text, action: input.action, messageIds: rows.map((r) => r.id) },
    });
    return rows.length === 1
      ? { t: "chat", n: input.auctionNoticeId, m: (rows[0] as { id: string }).id }
      : { t: "chatAll", n: input.auctionNoticeId, g: groupId };
  }

  /** Mentions are kept only when they name a participant of the notice; buyer-side roles only (§2.5). */
  private async resolveMentions(
    noticeId: string,
    role: RoomRole,
    requested: MentionRequest[] | undefined,
  ): Promise<Mention[]> {
    if (!requested || requested.length === 0 || audienceOf(role) !== "BODY") return [];
    const participants = [...(await this.participants(noticeId)).values()];
    const out: Mention[] = [];
    for (const r of requested) {
      const p = participants.find(
        (x) =>
          (r.supplierId !== undefined && x.supplierId === r.supplierId) ||
          (r.anonymousSupplierIdentificationNumber !== undefined &&
            x.anonymousNumber === r.anonymousSupplierIdentificationNumber),
      );
      if (p && !out.some((m) => m.supplierId === p.supplierId))
        out.push({ supplierId: p.supplierId, anonymousSupplierIdentificationNumber: p.anonymousNumber });
    }
    return out;
  }

  /** /chat/getMessages: a page of older messages (newest page first), returned oldest first. */
  async getMessages(
    user: SessionUser | null,
    input: { chatChannel: string; lastChatMessageDate?: string; lastChatMessageId?: string; limit?: number },
  ) {
    const channel = await repo.findChannel(this.db, input.chatChannel);
    if (!channel) throw notFound("Canal de chat não encontrado.");
    const ctx = await this.room.requireRoom(channel.auctionNoticeId);
    const member = await this.room.member(user, ctx);
    const limit = Math.min(Math.max(input.limit ?? CHAT_PAGE_SIZE, 1), 100);
    const cursor = input.lastChatMessageDate
      ? { date: new Date(input.lastChatMessageDate), id: input.lastChatMessageId }
      : undefined;
    if (cursor && Number.isNaN(cursor.date.getTime())) throw badRequest("Data de mensagem inválida.");
    const rows = await repo.findChannelPage(this.db, channel.id, cursor, limit + 1);
    const page = rows.slice(0, limit).reverse();
    const confidential = ctx.lots.find((l) => l.id === channel.batchId)?.confidential ?? true;
    const participants = await this.participants(ctx.noticeId);
    const viewer = viewerOf(member);
    const members = await roomRepo.listMembers(this.db, [channel.id]);
    return {
      messages: page.map((row) => messageView(row, { confidential, participants, viewer })),
      hasMore: rows.length > limit,
      chatChannel: {
        id: channel.id,
        batchId: channel.batchId,
        chatMembers: members.map((m) => memberView(m, { confidential, participants, viewer })),
      },
    };
  }

  /**
   * app/auction/joinChatChannel: the user joins the chat channels of every lot of the notice; 409
   * when already in all of them (the client ignores it). Citizens watch without joining.
   */
  async join(user: SessionUser, noticeId: string) {
    const ctx = await this.room.requireRoom(noticeId);
    const member = await this.room.member(user, ctx);
    const channels = await roomRepo.ensureChannels(this.db, noticeId);
    const ids = [...channels.values()];
    if (member.role === "REGULAR_CITIZEN") return { chatChannelsIds: ids, joined: 0 };
    const joined = await roomRepo.joinChannels(this.db, ids, user.id);
    if (joined === 0) throw conflict("Você já participa do chat deste processo.");
    return { chatChannelsIds: ids, joined };
  }

  /** Reads a committed notice back and builds each audience's view of it (for the fan-out). */
  /** The chat's live events (docs/live-room.md): a message to a lot, and one to every lot. */
  commands(): LiveCommand[] {
    return [
      {
        events: [LIVE_EVENTS.newMessage],
        handle: async (context, data) => {
          const input = liveNewMessageSchema.parse(data);
          return this.send(await context.currentUser(), {
            chatChannel: input.chatChannel,
            text: input.text,
            mediaFiles: input.mediaFiles ?? [],
            metadata: input.metadata ?? undefined,
            auctionNoticeId: context.noticeId,
          });
        },
      },
      {
        events: [LIVE_EVENTS.newMessageAllBatches],
        handle: async (context, data) => {
          const input = liveAllBatchesSchema.parse(data);
          if (input.auctionNoticeId && input.auctionNoticeId !== context.noticeId)
            throw badRequest("O processo informado não é o da sala conectada.");
          return this.sendToAllLots(await context.currentUser(), {
            auctionNoticeId: context.noticeId,
            text: input.text,
          });
        },
      },
    ];
  }

  async render(notice: LiveNotice): Promise<RenderedEvent | null> {
    if (notice.t !== "chat" && notice.t !== "chatAll") return null;
    const rows =
      notice.t === "chat"
        ? await repo.findMessagesByIds(this.db, [notice.m])
        : await repo.findMessagesByGroup(this.db, notice.g);
    if (rows.length === 0) return null;
    const ctx = await this.room.context(notice.n);
    if (!ctx) return null;
    const participants = await this.participants(notice.n);
    const confidentialOf = (batchId: string) => ctx.lots.find((l) => l.id === batchId)?.confidential ?? true;
    const perSupplier = new Set(rows.flatMap((r) => (r.message.supplierId ? [r.message.supplierId] : [])));
    const viewOf = (row: (typeof rows)[number], viewer: Viewer) =>
      messageView(row, { confidential: confidentialOf(row.message.batchId), participants, viewer });
    if (notice.t === "chat") {
      const row = rows[0] as (typeof rows)[number];
      return {
        noticeId: notice.n,
        action: "NEW_MESSAGE",
        perSupplier,
        view: (viewer) => viewOf(row, viewer),
      };
    }
    const first = rows[0] as (typeof rows)[number];
    return {
      noticeId: notice.n,
      action: "MESSAGE_SENT_TO_BATCHES",
      perSupplier,
      view: (viewer) => ({
        auctionNoticeId: notice.n,
        text: first.message.text,
        isSystemMessage: first.message.isSystemMessage ? 1 : 0,
        messagesForAllBatches: true,
        batchesIds: rows.map((r) => r.message.batchId),
        messages: rows.map((r) => viewOf(r, viewer)),
      }),
    };
  }
}
