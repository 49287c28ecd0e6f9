import type { SessionUser } from "../../modules/auth/auth.service";
import type { RoomMember } from "../state/room.service";

// The room's commands (issue 17 item 2): each feature service gives the live channel the events it
// answers and their handlers; the channel dispatches every event through this one shape (no switch
// of its own), answers ACKNOWLEDGED with what a handler returns and ERROR with what it throws. The
// feature services build theirs with the registry of room-command.ts (event, schema, §6 permission,
// handler); the bid path and the chat give theirs directly.

/** Who sent a live event: the registered room, its role, and the session behind the socket. */
export interface LiveCommandContext {
  event: string;
  noticeId: string;
  member: RoomMember;
  /** The session register checked, with its token's hash (the bid path checks it again in its transaction). */
  session: { user: SessionUser; tokenHash: string } | null;
  /** The session, checked again now (a logout ends the right to act); refused without one. */
  requireUser(): Promise<SessionUser>;
  /** The same, null for an anonymous visitor. */
  currentUser(): Promise<SessionUser | null>;
}

export interface LiveCommand {
  events: readonly string[];
  handle(context: LiveCommandContext, data: unknown): Promise<Record<string, unknown>>;
}
