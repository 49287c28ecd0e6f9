import { describe, expect, it } from "vitest";
import {
  deriveRoomRole,
  isNoticeAuthor,
  ROOM_ROLE_DISPLAY_LABELS,
  ROOM_ROLES,
  type RoomNotice,
  type RoomRole,
  type RoomUser,
  roomRoleDisplayLabel,
} from "./room-role";

const NOW = new Date("2026-03-10T15:00:00.000Z");

// Buyer 10; author user 1, authority 2, secretary 3, auctioneer 4, support staff 5.
// User 7 is listed among the auctioneers but only with SUPPORT_STAFF; user 8 among the support
// staff but only with AUCTIONEER: the list and the role must both match.
const notice: RoomNotice = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  buyer: { id: 10, user: { id: 1 } },
  competentAuthority: { user: { id: 2 } },
  secretaryOffice: [{ user: { id: 3 } }, { user: { id: 2 } }],
  auctioneers: [
    { user: { id: 4 }, role: ["AUCTIONEER"] },
    { user: { id: 7 }, role: ["SUPPORT_STAFF"] },
    { user: { id: 1 }, role: ["AUCTIONEER"] },
    { user: { id: 3 }, role: ["AUCTIONEER"] },
  ],
  supportingStaff: [
    { user: { id: 5 }, role: ["SUPPORT_STAFF"] },
    { user: { id: 8 }, role: ["AUCTIONEER"] },
    { user: { id: 4 }, role: ["SUPPORT_STAFF"] },
  ],
};

const buyerUser = (id: number | string, buyerId: number | string = 10): RoomUser => ({
  id,
  kind: "BUYER",
  buyer: { id: buyerId },
});
const supplierUser = (subscriptionEndDate: Date | string | null | undefined): RoomUser => ({
  id: 99,
  kind: "SUPPLIER",
  supplier: subscriptionEndDate === undefined ? null : { subscriptionEndDate },
});

describe("§6 Derived room roles — buyer users, in order", () => {
  it.each<[string, RoomUser, RoomRole]>([
    [
      "1 before 4: the notice buyer's user, also an auctioneer, is AUCTION_AUTHOR",
      buyerUser(1),
      "AUCTION_AUTHOR",
    ],
    [
      "2 before 3: the competent authority, also a secretary, is COMPETENT_AUTHORITY",
      buyerUser(2),
      "COMPETENT_AUTHORITY",
    ],
    ["3 before 4: a secretary office user, also an auctioneer, is SECRETARY", buyerUser(3), "SECRETARY"],
    [
      "4 before 5: an auctioneer with role AUCTIONEER, also support staff, is AUCTIONEER",
      buyerUser(4),
      "AUCTIONEER",
    ],
    ["4. listed as auctioneer without role AUCTIONEER is not one", buyerUser(7), "BUYER"],
    ["5. support staff with role SUPPORT_STAFF", buyerUser(5), "STAFF_MEMBER"],
    ["5. listed as support staff without role SUPPORT_STAFF is not one", buyerUser(8), "BUYER"],
    ["6. any other user of the same buyer", buyerUser(6), "BUYER"],
    ["ids compare across number and string", buyerUser("4", "10"), "AUCTIONEER"],
    [
      "a buyer user of another body is a citizen, even with a matching user id",
      buyerUser(1, 11),
      "REGULAR_CITIZEN",
    ],
    ["a buyer user without a buyer is a citizen", { id: 1, kind: "BUYER" }, "REGULAR_CITIZEN"],
  ])("%s", (_name, user, expected) => {
    expect(deriveRoomRole(user, notice, NOW)).toBe(expected);
  });

  it("a notice without staff lists still derives AUCTION_AUTHOR and BUYER", () => {
    const bare: RoomNotice = { modality: "ELECTRONIC_AUCTION", buyer: { id: 10, user: { id: 1 } } };
    expect(deriveRoomRole(buyerUser(1), bare, NOW)).toBe("AUCTION_AUTHOR");
    expect(deriveRoomRole(buyerUser(4), bare, NOW)).toBe("BUYER");
  });
});

describe("§6 Derived room roles — suppliers", () => {
  const lapsed = "2026-03-01T00:00:00.000Z";
  const future = new Date("2026-12-31T00:00:00.000Z");
  it.each<[string, RoomUser, RoomNotice["modality"], boolean, RoomRole]>([
    [
      "no check requested: a lapsed subscription stays enabled",
      supplierUser(lapsed),
      "ELECTRONIC_COMPETITION",
      false,
      "ENABLED_SUPPLIER",
    ],
    [
      "check + not auction + lapsed → DISABLED",
      supplierUser(lapsed),
      "ELECTRONIC_COMPETITION",
      true,
      "DISABLED_SUPPLIER",
    ],
    [
      "check + end exactly now is not after now → DISABLED",
      supplierUser(NOW),
      "PRICES_SUBMISSION",
      true,
      "DISABLED_SUPPLIER",
    ],
    [
      "check + no subscription at all → DISABLED",
      supplierUser(undefined),
      "ELECTRONIC_DISPENSER",
      true,
      "DISABLED_SUPPLIER",
    ],
    [
      "check + null end date → DISABLED",
      supplierUser(null),
      "ELECTRONIC_DISPENSER",
      true,
      "DISABLED_SUPPLIER",
    ],
    [
      "check + end after now → ENABLED",
      supplierUser(future),
      "ELECTRONIC_COMPETITION",
      true,
      "ENABLED_SUPPLIER",
    ],
    [
      "check + end one ms after now (ISO string) → ENABLED",
      supplierUser("2026-03-10T15:00:00.001Z"),
      "ELECTRONIC_COMPETITION",
      true,
      "ENABLED_SUPPLIER",
    ],
    [
      "ELECTRONIC_AUCTION never disables",
      supplierUser(lapsed),
      "ELECTRONIC_AUCTION",
      true,
      "ENABLED_SUPPLIER",
    ],
  ])("%s", (_name, user, modality, checkSubscription, expected) => {
    expect(deriveRoomRole(user, { ...notice, modality }, NOW, { checkSubscription })).toBe(expected);
  });

  it("a supplier whose user id matches the buyer's user is still a supplier", () => {
    const user: RoomUser = { id: 1, kind: "SUPPLIER", buyer: { id: 10 } };
    expect(deriveRoomRole(user, notice, NOW)).toBe("ENABLED_SUPPLIER");
  });
});

describe("§6 Derived room roles — everyone else", () => {
  it.each<[string, RoomUser | null]>([
    ["a citizen", { id: 50, kind: "REGULAR_CITIZEN" }],
    ["platform staff", { id: 51, kind: "ADMIN" }],
    ["an anonymous visitor", null],
  ])("%s is REGULAR_CITIZEN", (_name, user) => {
    expect(deriveRoomRole(user, notice, NOW, { checkSubscription: true })).toBe("REGULAR_CITIZEN");
  });
});

describe("§6 Derived room roles — display labels", () => {
  it.each<[RoomRole, string]>([
    ["AUCTIONEER", "Preg./Ag. Contrat."],
    ["AUCTION_AUTHOR", "Aut. Competente"],
    ["SECRETARY", "Aut. Competente"],
    ["COMPETENT_AUTHORITY", "Aut. Competente"],
    ["STAFF_MEMBER", "Eq. de Apoio"],
    ["BUYER", ""],
    ["ENABLED_SUPPLIER", ""],
    ["DISABLED_SUPPLIER", ""],
    ["REGULAR_CITIZEN", ""],
  ])("%s → '%s'", (role, label) => {
    expect(roomRoleDisplayLabel(role)).toBe(label);
    expect(ROOM_ROLE_DISPLAY_LABELS[role]).toBe(label);
  });

  it("every role has a label entry", () => {
    expect(Object.keys(ROOM_ROLE_DISPLAY_LABELS).sort()).toEqual([...ROOM_ROLES].sort());
  });
});

describe("§6 Derived room roles — notice author", () => {
  it.each<[RoomUser["kind"], RoomRole, boolean]>([
    ["BUYER", "AUCTION_AUTHOR", true],
    ["BUYER", "COMPETENT_AUTHORITY", true],
    ["BUYER", "SECRETARY", true],
    ["BUYER", "AUCTIONEER", true],
    ["BUYER", "STAFF_MEMBER", true],
    ["BUYER", "BUYER", false],
    // A buyer user of another body derives REGULAR_CITIZEN and is no author (decision).
    ["BUYER", "REGULAR_CITIZEN", false],
    ["SUPPLIER", "ENABLED_SUPPLIER", false],
    ["SUPPLIER", "AUCTIONEER", false],
    ["REGULAR_CITIZEN", "REGULAR_CITIZEN", false],
  ])("kind %s with role %s → %s", (kind, role, expected) => {
    expect(isNoticeAuthor({ kind }, role)).toBe(expected);
  });

  it("no user is no author", () => {
    expect(isNoticeAuthor(null, "AUCTIONEER")).toBe(false);
  });
});
