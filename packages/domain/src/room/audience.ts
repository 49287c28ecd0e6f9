// The room's audience model (DESIGN §5 audiences; issue 17 item 3, part of the wire contract): who a
// live view is for, and the anonymous label a bidder has while names are hidden. The server renders
// one frame per audience by it; a client can tell which audience it is in from its room role.
import { anonymousBidderName } from "./anonymity";
import type { RoomRole } from "./room-role";

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

/** The viewer a room member is. */
export const viewerOf = (member: { role: RoomRole; supplierId: string | null }): Viewer => ({
  audience: audienceOf(member.role),
  supplierId: member.supplierId,
});

/** 'Licitante {n}', or 'Licitante ?' for a bidder without a number. */
export const anonymousSupplierName = (n: number | null | undefined) => anonymousBidderName(n ?? "?");
