import {
  type Modality,
  type NoticeStatus,
  permissionEntry,
  type RoomAction,
  rolesFor,
} from "@certame/domain";
import type { z } from "zod";
import { forbidden } from "../../http/errors";
import type { SessionUser } from "../../modules/auth/auth.service";
import type { RoomMember } from "../state/room.service";
import type { LiveCommand } from "./live-command";

// The registry of the room's commands (issue 17 item 2; docs/live-room.md "Room commands"): each
// entry names its event, its payload schema (packages/domain room/commands), its §6 permission and
// its handler. The dispatch checks the session, parses the payload (a bad one is answered 'Dados
// inválidos no evento {event}.' by the channel) and gives the handler the typed input with the
// entry's role check, which the handler's locked scope runs against the notice it locked
// (RoomActionService.scope): the §6 role lists depend on the notice's modality.

/** A §6 action and the words of its refusal: 'Você não tem permissão para {what}.' */
export interface RoomPermission {
  action: RoomAction;
  what: string;
}

/** What a role check reads of the locked notice: its modality (§6 role lists) and its status. */
export interface PermissionState {
  notice: { modality: Modality; status: NoticeStatus };
}

/** One call of a room command: the sender, the parsed input and the entry's §6 role check. */
export interface RoomCommandCall<I> {
  event: string;
  input: I;
  user: SessionUser;
  member: RoomMember;
  noticeId: string;
  /**
   * The entry's §6 role check against the locked notice (403 before anything else is told); gives
   * the permission it checked, null for an entry without one. Run once per call, by the locked scope.
   */
  authorize(state: PermissionState): RoomPermission | null;
}

/** An entry of the registry. Handlers and the permission's function form are methods (bivariant). */
export interface RoomCommand<I = unknown> {
  event: string;
  schema: z.ZodType<I>;
  /**
   * The §6 action whose role list the sender must be in: fixed, a function of the parsed input or of
   * the locked notice (e.g. suspend or resume), or null for a command that only confirms a change an
   * HTTP call already checked and committed (the broadcasts). An entry gives `permission` or
   * `permissionOf`.
   */
  permission?: RoomPermission | null;
  permissionOf?(input: I, state: PermissionState): RoomPermission;
  handle(call: RoomCommandCall<I>): Promise<Record<string, unknown>>;
}

/** One entry, typed by its schema's output. */
export function defineRoomCommand<I>(command: RoomCommand<I>): RoomCommand<I> {
  return command;
}

/** §6 role list of the action: a wrong role is refused (403) before anything else is told. */
export function requireRoomRole(member: RoomMember, action: RoomAction, modality: Modality, what: string) {
  if (!rolesFor(permissionEntry(action), modality).includes(member.role))
    throw forbidden(`Você não tem permissão para ${what}.`);
}

/** The live channel's commands of a registry (LiveChannel.use): one dispatch for every entry. */
export function roomCommands(commands: readonly RoomCommand[]): LiveCommand[] {
  return commands.map((command) => ({
    events: [command.event],
    handle: async (context, data) => {
      const user = await context.requireUser();
      const input = command.schema.parse(data);
      let authorized = false;
      const result = await command.handle({
        event: command.event,
        input,
        user,
        member: context.member,
        noticeId: context.noticeId,
        authorize(state) {
          const permission = command.permissionOf?.(input, state) ?? command.permission ?? null;
          if (permission)
            requireRoomRole(context.member, permission.action, state.notice.modality, permission.what);
          authorized = true;
          return permission;
        },
      });
      // An entry with a permission whose handler answered without its role check is a bug, not a success.
      if (!authorized && (command.permission || command.permissionOf))
        throw new Error(`o comando ${command.event} respondeu sem verificar o papel (§6)`);
      return result;
    },
  }));
}
