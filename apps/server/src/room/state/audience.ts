import { anonymousBidderName, type RoomRole } from "@certame/domain";

// The audience model of the room (DESIGN §5 audiences): who a view is for, and the anonymous label a
// bidder has while names are hidden. Every part of the room renders by it, so it lives with the room's
// state, below them all.

/** Who a view is for (DESIGN §5 audiences). */
export type Audience = "BODY" | "SUPPLIER" | "CITIZEN";

export interface Viewer {
  audience: Audience;
  /** The supplier behind the viewer, so its own messages keep its user id. */
  supplierId: string | null;
}

export function audienceOf(role: RoomRole): Audience {
  if (role === "ENABLED_SUPPLIER" || role === "DISABLED_SUPPLIER") return "SUPPLIER";
  if (role === "REGULAR_CITIZEN") return "CITIZEN";
  return "BODY";
}

/** The viewer a room member is (room.service.ts RoomMember). */
export const viewerOf = (member: { role: RoomRole; supplierId: string | null }): Viewer => ({
  audience: audienceOf(member.role),
  supplierId: member.supplierId,
});

export const anonymousSupplierName = (n: number | null | undefined) => anonymousBidderName(n ?? "?");

/** A rendered live event: its action and the view of each audience. */
export interface RenderedEvent {
  noticeId: string;
  action: string;
  /** Suppliers whose own view differs from their audience's (their own messages). */
  perSupplier: ReadonlySet<string>;
  view(viewer: Viewer): unknown;
}
