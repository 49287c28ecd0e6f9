import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { parseBody } from "../../http/errors";
import { currentUser } from "../../modules/auth/auth.plugin";
import type { ChatService } from "./chat.service";

/** `chatChannel` comes as an id or as `{id}` (trading-room §3 "Chat message"). */
const channelRef = z.union([z.uuid(), z.object({ id: z.uuid() }).transform((c) => c.id)]);

export const getMessagesSchema = z.object({
  chatChannel: channelRef,
  lastChatMessageDate: z.iso.datetime({ offset: true }).optional().nullable(),
  lastChatMessageId: z.uuid().optional().nullable(),
  limit: z.number().int().min(1).max(100).optional(),
});

export function chatRoutes(app: FastifyInstance, chat: ChatService) {
  // Spec path /chat/getMessages (no app/ prefix): citizens read the room's chat without a session.
  app.post("/api/chat/getMessages", async (request) => {
    const input = parseBody(getMessagesSchema, request.body);
    return chat.getMessages(request.sessionUser, {
      chatChannel: input.chatChannel,
      lastChatMessageDate: input.lastChatMessageDate ?? undefined,
      lastChatMessageId: input.lastChatMessageId ?? undefined,
      limit: input.limit,
    });
  });
  app.post("/api/app/auction/joinChatChannel", async (request) => {
    const { id } = parseBody(z.object({ id: z.uuid() }), request.body);
    return chat.join(currentUser(request), id);
  });
}
