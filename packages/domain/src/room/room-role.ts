// Derived room roles (trading-room §6 "Derived room roles").
import type { Modality } from "../enums/modality";
import type { StaffRole } from "../enums/staff-role";
import type { UserKind } from "../enums/user-kind";
import { type RoomEntityId, sameId, toEpochMs } from "./shared";

export const ROOM_ROLES = [
  "AUCTIONEER",
  "STAFF_MEMBER",
  "AUCTION_AUTHOR",
  "ENABLED_SUPPLIER",
  "DISABLED_SUPPLIER",
  "BUYER",
  "REGULAR_CITIZEN",
  "SECRETARY",
  "COMPETENT_AUTHORITY",
] as const;
export type RoomRole = (typeof ROOM_ROLES)[number];

/** The user as the room sees it (spec §3 "Supplier", active user). */
export interface RoomUser {
  id: RoomEntityId;
  kind: UserKind;
  buyer?: { id: RoomEntityId } | null;
  supplier?: { subscriptionEndDate?: Date | string | null } | null;
}

export interface RoomStaffMember {
  user: { id: RoomEntityId };
  role: readonly StaffRole[];
}

/** The fields of the auction notice that decide a room role (spec §3 "Auction notice", People). */
export interface RoomNotice {
  modality: Modality;
  buyer: { id: RoomEntityId; user?: { id: RoomEntityId } | null };
  competentAuthority?: { user?: { id: RoomEntityId } | null } | null;
  secretaryOffice?: readonly { user?: { id: RoomEntityId } | null }[] | null;
  auctioneers?: readonly RoomStaffMember[] | null;
  supportingStaff?: readonly RoomStaffMember[] | null;
}

export interface DeriveRoomRoleOptions {
  /** Treat a supplier whose subscription has lapsed as DISABLED_SUPPLIER. */
  checkSubscription?: boolean;
}

function hasStaffRole(
  staff: readonly RoomStaffMember[] | null | undefined,
  userId: RoomEntityId,
  role: StaffRole,
): boolean {
  return (staff ?? []).some((member) => sameId(member.user.id, userId) && member.role.includes(role));
}

/**
 * The user's role in this notice's room, checked in the order of §6: the first buyer rule that
 * matches wins, so a notice author who is also listed as auctioneer is AUCTION_AUTHOR.
 * A null user is an anonymous visitor and watches as a citizen.
 */
export function deriveRoomRole(
  user: RoomUser | null | undefined,
  notice: RoomNotice,
  now: Date,
  options: DeriveRoomRoleOptions = {},
): RoomRole {
  if (!user) return "REGULAR_CITIZEN";

  if (user.kind === "BUYER" && sameId(user.buyer?.id, notice.buyer.id)) {
    if (sameId(notice.buyer.user?.id, user.id)) return "AUCTION_AUTHOR";
    if (sameId(notice.competentAuthority?.user?.id, user.id)) return "COMPETENT_AUTHORITY";
    if ((notice.secretaryOffice ?? []).some((s) => sameId(s.user?.id, user.id))) return "SECRETARY";
    if (hasStaffRole(notice.auctioneers, user.id, "AUCTIONEER")) return "AUCTIONEER";
    if (hasStaffRole(notice.supportingStaff, user.id, "SUPPORT_STAFF")) return "STAFF_MEMBER";
    return "BUYER";
  }

  if (user.kind === "SUPPLIER") {
    // An electronic auction (leilão) is open to anyone, so it never checks the subscription.
    // A missing end date means no subscription at all, which is "not after now".
    if (options.checkSubscription && notice.modality !== "ELECTRONIC_AUCTION") {
      const end = toEpochMs(user.supplier?.subscriptionEndDate);
      if (end === null || end <= now.getTime()) return "DISABLED_SUPPLIER";
    }
    return "ENABLED_SUPPLIER";
  }

  // Citizens, platform staff and buyer users of other bodies.
  return "REGULAR_CITIZEN";
}

/**
 * The five roles a buyer user of the notice's own body can hold besides plain BUYER. They are
 * the "notice author" roles and "the five buyer roles" that see quantity and total value (§6).
 */
export const NOTICE_AUTHOR_ROLES: readonly RoomRole[] = [
  "AUCTION_AUTHOR",
  "COMPETENT_AUTHORITY",
  "SECRETARY",
  "AUCTIONEER",
  "STAFF_MEMBER",
];

/**
 * §6: "a BUYER-kind user whose room role is not plain BUYER". Read literally, a buyer user of
 * another body (derived REGULAR_CITIZEN) would qualify; the rule is meant for the notice's own
 * staff, so the role must be one of NOTICE_AUTHOR_ROLES.
 */
export function isNoticeAuthor(user: Pick<RoomUser, "kind"> | null | undefined, role: RoomRole): boolean {
  return user?.kind === "BUYER" && NOTICE_AUTHOR_ROLES.includes(role);
}

/** Short role label shown before a buyer user's name in the chat (§2.5, §6). */
export const ROOM_ROLE_DISPLAY_LABELS: Record<RoomRole, string> = {
  AUCTIONEER: "Preg./Ag. Contrat.",
  AUCTION_AUTHOR: "Aut. Competente",
  SECRETARY: "Aut. Competente",
  COMPETENT_AUTHORITY: "Aut. Competente",
  STAFF_MEMBER: "Eq. de Apoio",
  ENABLED_SUPPLIER: "",
  DISABLED_SUPPLIER: "",
  BUYER: "",
  REGULAR_CITIZEN: "",
};

export function roomRoleDisplayLabel(role: RoomRole): string {
  return ROOM_ROLE_DISPLAY_LABELS[role];
}
