import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { RoomMember } from "../state/room.service";
import type { LiveCommandContext } from "./live-command";
import { defineRoomCommand, type PermissionState, type RoomCommand, roomCommands } from "./room-command";

// The registry of room commands (issue 17 item 2; docs/live-room.md "Room commands"): one dispatch
// parses the payload, gives the handler its typed input and runs the entry's §6 role check once.

const USER = { id: "u1" } as SessionUser;
const NOTICE = "11111111-1111-4111-8111-111111111111";
const LOCKED: PermissionState = { notice: { modality: "ELECTRONIC_AUCTION", status: "ONGOING" } };

const context = (role: RoomMember["role"], user: SessionUser | null = USER): LiveCommandContext => ({
  event: "e",
  noticeId: NOTICE,
  member: { user, role, supplierId: null, anonymousNumber: null },
  session: null,
  requireUser: async () => {
    if (!user) throw new AppError(401, "Faça login para realizar esta ação na sala de negociação.");
    return user;
  },
  currentUser: async () => user,
});

const schema = z.object({ batchId: z.uuid(), count: z.union([z.number(), z.string().transform(Number)]) });
const REVOKE = { action: "REVOKE_AUCTION", what: "revogar o processo" } as const;

/** A registry of one command with REVOKE_AUCTION's permission (§6: the authorities). */
const revokeCommand = (handle: RoomCommand<z.output<typeof schema>>["handle"]) =>
  roomCommands([defineRoomCommand({ event: "e", schema, permission: REVOKE, handle })])[0];

describe("the registry of room commands", () => {
  it("gives the handler the parsed input, and the entry's permission once its role check passed", async () => {
    const command = revokeCommand(async (call) => {
      const permission = call.authorize(LOCKED);
      // Typed by the schema's output: the count arrives as a number.
      return { doubled: call.input.count * 2, action: permission?.action, noticeId: call.noticeId };
    });
    expect(command?.events).toEqual(["e"]);
    expect(await command?.handle(context("COMPETENT_AUTHORITY"), { batchId: NOTICE, count: "4" })).toEqual({
      doubled: 8,
      action: "REVOKE_AUCTION",
      noticeId: NOTICE,
    });
  });

  it("refuses a wrong role with the entry's words (403), a bad payload, and an anonymous visitor first", async () => {
    const command = revokeCommand(async (call) => {
      call.authorize(LOCKED);
      return {};
    });
    const valid = { batchId: NOTICE, count: 1 };
    await expect(command?.handle(context("ENABLED_SUPPLIER"), valid)).rejects.toMatchObject({
      statusCode: 403,
      message: "Você não tem permissão para revogar o processo.",
    });
    await expect(command?.handle(context("COMPETENT_AUTHORITY"), { batchId: "x" })).rejects.toBeInstanceOf(
      z.ZodError,
    );
    await expect(command?.handle(context("REGULAR_CITIZEN", null), { batchId: "x" })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it("reads a permission that depends on the input or on the locked notice", async () => {
    const seen: string[] = [];
    const [command] = roomCommands([
      defineRoomCommand({
        event: "e",
        schema,
        permissionOf: (input, state) =>
          input.count > 1 && state.notice.status === "ONGOING"
            ? REVOKE
            : { action: "REFUSE_DISPUTE", what: "recusar intenções de recurso" },
        handle: async (call) => {
          seen.push(call.authorize(LOCKED)?.action ?? "none");
          return {};
        },
      }),
    ]);
    await command?.handle(context("AUCTIONEER"), { batchId: NOTICE, count: 1 });
    await expect(command?.handle(context("AUCTIONEER"), { batchId: NOTICE, count: 2 })).rejects.toMatchObject(
      {
        message: "Você não tem permissão para revogar o processo.",
      },
    );
    expect(seen).toEqual(["REFUSE_DISPUTE"]);
  });

  it("fails a handler that answered without the role check its entry names; a broadcast has none", async () => {
    const [forgetful, broadcast] = roomCommands([
      defineRoomCommand({ event: "a", schema, permission: REVOKE, handle: async () => ({ done: true }) }),
      defineRoomCommand({ event: "b", schema, permission: null, handle: async () => ({ done: true }) }),
    ]);
    const valid = { batchId: NOTICE, count: 1 };
    await expect(forgetful?.handle(context("COMPETENT_AUTHORITY"), valid)).rejects.toThrow(
      "o comando a respondeu sem verificar o papel (§6)",
    );
    expect(await broadcast?.handle(context("REGULAR_CITIZEN"), valid)).toEqual({ done: true });
  });
});
