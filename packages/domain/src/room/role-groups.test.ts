import { describe, expect, it } from "vitest";
import type { Modality } from "../enums/modality";
import { AUTHORITIES, BODY, managersOf, OFFICIALS, unionRoles } from "./role-groups";
import type { RoomRole } from "./room-role";

const sorted = (roles: readonly RoomRole[]) => [...roles].sort();

describe("§6 Groups", () => {
  it("Body = AUCTIONEER, AUCTION_AUTHOR, SECRETARY, STAFF_MEMBER", () => {
    expect(sorted(BODY)).toEqual(sorted(["AUCTIONEER", "AUCTION_AUTHOR", "SECRETARY", "STAFF_MEMBER"]));
  });

  it("Authorities = SECRETARY, AUCTION_AUTHOR, COMPETENT_AUTHORITY", () => {
    expect(sorted(AUTHORITIES)).toEqual(sorted(["SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"]));
  });

  it("Officials = AUCTIONEER, SECRETARY, AUCTION_AUTHOR, COMPETENT_AUTHORITY", () => {
    expect(sorted(OFFICIALS)).toEqual(
      sorted(["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"]),
    );
  });

  it.each<[Modality, RoomRole[]]>([
    ["ELECTRONIC_AUCTION", ["AUCTIONEER", "COMPETENT_AUTHORITY"]],
    ["ELECTRONIC_DISPENSER", ["AUCTIONEER", "COMPETENT_AUTHORITY", "AUCTION_AUTHOR"]],
    ["ELECTRONIC_REVERSED_AUCTION", ["AUCTIONEER", "COMPETENT_AUTHORITY", "AUCTION_AUTHOR"]],
    ["PRICES_SUBMISSION", ["AUCTIONEER", "COMPETENT_AUTHORITY", "AUCTION_AUTHOR"]],
    ["ELECTRONIC_COMPETITION", ["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"]],
    ["NEW_ELECTRONIC_REVERSED_AUCTION", ["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"]],
    ["NEW_PRICES_SUBMISSION", ["AUCTIONEER", "SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"]],
    // A modality without a room falls back to the default.
    ["AUCTION_IN_PERSON", ["AUCTIONEER", "COMPETENT_AUTHORITY"]],
  ])("Managers of %s", (modality, expected) => {
    expect(sorted(managersOf(modality))).toEqual(sorted(expected));
  });

  it("unionRoles keeps the first occurrence and drops repeats", () => {
    expect(unionRoles(["AUCTIONEER", "SECRETARY"], ["SECRETARY", "BUYER"])).toEqual([
      "AUCTIONEER",
      "SECRETARY",
      "BUYER",
    ]);
  });
});
