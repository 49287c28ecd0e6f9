import { describe, expect, it } from "vitest";
import {
  CHAT_CHANNEL_KIND_LABELS,
  CHAT_CHANNEL_KINDS,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_SENDER_KIND_LABELS,
  CHAT_SENDER_KINDS,
  chatSenderKind,
  SYSTEM_MESSAGE_PREFIX,
  UNIDENTIFIED_SENDER_NAME,
} from "./chat";
import { expectLabelsFor } from "./expect-labels";

describe("chat sender kinds (trading-room §2.5, §3 'Chat message')", () => {
  it("are SYSTEM, CURRENT_USER, AUCTIONEER and OTHERS, labelled", () => {
    expect(CHAT_SENDER_KINDS).toEqual(["SYSTEM", "CURRENT_USER", "AUCTIONEER", "OTHERS"]);
    expectLabelsFor(CHAT_SENDER_KINDS, CHAT_SENDER_KIND_LABELS);
  });

  const base = { senderUserId: 7, currentUserId: 1, auctioneerUserIds: [7, 8] };

  it("classifies a system message as SYSTEM even when sent by an auctioneer", () => {
    expect(chatSenderKind({ ...base, isSystemMessage: true })).toBe("SYSTEM");
  });

  it("classifies the user's own message as CURRENT_USER, even an auctioneer's", () => {
    expect(chatSenderKind({ ...base, isSystemMessage: false, currentUserId: 7 })).toBe("CURRENT_USER");
  });

  it("classifies a message from one of the notice's auctioneers as AUCTIONEER", () => {
    expect(chatSenderKind({ ...base, isSystemMessage: false })).toBe("AUCTIONEER");
  });

  it("classifies anyone else, or an unknown sender, as OTHERS", () => {
    expect(chatSenderKind({ ...base, isSystemMessage: false, senderUserId: 3 })).toBe("OTHERS");
    expect(chatSenderKind({ ...base, isSystemMessage: false, senderUserId: null, currentUserId: null })).toBe(
      "OTHERS",
    );
  });

  it("keeps the texts the spec quotes", () => {
    expect(SYSTEM_MESSAGE_PREFIX).toBe("Sistema: ");
    expect(UNIDENTIFIED_SENDER_NAME).toBe("Não identificado");
    expect(CHAT_MESSAGE_MAX_LENGTH).toBe(5000);
  });
});

describe("chat channel kinds (trading-room §3 'Chat message')", () => {
  it("are DIRECT and GROUP, labelled", () => {
    expect(CHAT_CHANNEL_KINDS).toEqual(["DIRECT", "GROUP"]);
    expectLabelsFor(CHAT_CHANNEL_KINDS, CHAT_CHANNEL_KIND_LABELS);
  });
});
