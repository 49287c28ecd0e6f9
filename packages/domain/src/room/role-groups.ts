// Role groups of the permission matrix (trading-room §6 "Groups").
import { isNewModality, type Modality } from "../enums/modality";
import type { RoomRole } from "./room-role";

/** Body (staff) of the notice. */
export const BODY: readonly RoomRole[] = ["AUCTIONEER", "AUCTION_AUTHOR", "SECRETARY", "STAFF_MEMBER"];

/** Authorities (revokers). */
export const AUTHORITIES: readonly RoomRole[] = ["SECRETARY", "AUCTION_AUTHOR", "COMPETENT_AUTHORITY"];

/** Officials. */
export const OFFICIALS: readonly RoomRole[] = [
  "AUCTIONEER",
  "SECRETARY",
  "AUCTION_AUTHOR",
  "COMPETENT_AUTHORITY",
];

export const DEFAULT_MANAGERS: readonly RoomRole[] = ["AUCTIONEER", "COMPETENT_AUTHORITY"];

/** Old modalities whose author also manages the room. */
export const AUTHOR_MANAGED_MODALITIES: readonly Modality[] = [
  "ELECTRONIC_DISPENSER",
  "ELECTRONIC_REVERSED_AUCTION",
  "PRICES_SUBMISSION",
];

export const NEW_MODALITY_MANAGERS: readonly RoomRole[] = [
  "AUCTIONEER",
  "SECRETARY",
  "AUCTION_AUTHOR",
  "COMPETENT_AUTHORITY",
];

/** Managers of a room; they vary by modality (the default covers ELECTRONIC_AUCTION). */
export function managersOf(modality: Modality): readonly RoomRole[] {
  if (isNewModality(modality)) return NEW_MODALITY_MANAGERS;
  if (AUTHOR_MANAGED_MODALITIES.includes(modality)) return [...DEFAULT_MANAGERS, "AUCTION_AUTHOR"];
  return DEFAULT_MANAGERS;
}

/** Union of role lists without repeats, keeping first-seen order. */
export function unionRoles(...groups: readonly (readonly RoomRole[])[]): RoomRole[] {
  return [...new Set(groups.flat())];
}
