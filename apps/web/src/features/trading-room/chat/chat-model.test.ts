import { describe, expect, it } from "vitest";
import { message } from "../../../test/room-fixtures";
import { filterMentions } from "../../../ui/counted-textarea/mentions";
import type { ChatMember } from "../types";
import {
  canMention,
  mentionOptions,
  mentionsInText,
  messageSenderKind,
  messageText,
  senderName,
} from "./chat-model";

const members: ChatMember[] = [
  {
    user: { id: "u1" },
    anonymousSupplierIdentificationNumber: 1,
    supplier: { id: "s1", corporateName: "Papelaria Érica Ltda" },
    nameToScreen: "Papelaria Érica Ltda",
  },
  { user: null, anonymousSupplierIdentificationNumber: 2, nameToScreen: "Licitante 2" },
  {
    user: { id: "u3" },
    anonymousSupplierIdentificationNumber: 3,
    supplier: { id: "s3", name: "João Comércio" },
  },
  { user: { id: "u9", name: "Marina" }, anonymousSupplierIdentificationNumber: null },
];

describe("chat senders (§2.5)", () => {
  it("colours by sender kind: system, the user, an auctioneer, the others", () => {
    expect(messageSenderKind(message("a", { isSystemMessage: 1, userId: null }), "me", ["auc"])).toBe(
      "SYSTEM",
    );
    expect(messageSenderKind(message("b", { userId: "me" }), "me", ["auc"])).toBe("CURRENT_USER");
    expect(messageSenderKind(message("c", { userId: "auc" }), "me", ["auc"])).toBe("AUCTIONEER");
    expect(messageSenderKind(message("d", { userId: null }), "me", ["auc"])).toBe("OTHERS");
  });

  it("shows the server's name, 'Não identificado' without one, and prefixes system messages", () => {
    expect(senderName(message("a", { user: { id: "x", nameToScreen: "Preg./Ag. Contrat.: Marina" } }))).toBe(
      "Preg./Ag. Contrat.: Marina",
    );
    expect(senderName(message("b", { user: null }))).toBe("Não identificado");
    expect(messageText(message("c", { isSystemMessage: 1, text: "Lote iniciado" }))).toBe(
      "Sistema: Lote iniciado",
    );
  });
});

describe("mentions (§2.5)", () => {
  it("are offered to buyer-side roles only", () => {
    expect(canMention("AUCTIONEER")).toBe(true);
    expect(canMention("COMPETENT_AUTHORITY")).toBe(true);
    expect(canMention("ENABLED_SUPPLIER")).toBe(false);
    expect(canMention("REGULAR_CITIZEN")).toBe(false);
  });

  it("list the supplier members by corporate name, name or 'Licitante {n}'", () => {
    expect(mentionOptions(members)).toEqual([
      { value: "3", label: "João Comércio" },
      { value: "2", label: "Licitante 2" },
      { value: "1", label: "Papelaria Érica Ltda" },
    ]);
  });

  it("are filtered by prefix ignoring accents and case", () => {
    const options = mentionOptions(members);
    expect(filterMentions(options, "joa").map((o) => o.label)).toEqual(["João Comércio"]);
    expect(filterMentions(options, "PAPELARIA ERI").map((o) => o.label)).toEqual(["Papelaria Érica Ltda"]);
    expect(filterMentions(options, "lic").map((o) => o.label)).toEqual(["Licitante 2"]);
    expect(filterMentions(options, "comércio")).toEqual([]);
  });

  it("are sent as the anonymous numbers the text names", () => {
    expect(mentionsInText("Bom dia @Licitante 2 e @João Comércio", mentionOptions(members))).toEqual([
      { anonymousSupplierIdentificationNumber: 3 },
      { anonymousSupplierIdentificationNumber: 2 },
    ]);
  });
});
