import { randomUUID } from "node:crypto";
import { LIVE_EVENTS } from "@certame/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches, auctionNotices, chatMessages, noticeParticipants, suppliers } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const ROOM = DEMO_IDS.noticeRoom;
let t: TestApp;
let url: string;
const tokens: Record<string, string> = {};
const open: LiveClient[] = [];

async function client() {
  const c = await LiveClient.open(url);
  open.push(c);
  return c;
}

/** A client registered in the demo room as the given account (none: anonymous citizen). */
async function inRoom(account?: keyof typeof tokens, noticeId = ROOM) {
  const c = await client();
  const state = await c.register(noticeId, account ? tokens[account] : undefined);
  return { c, state };
}

let supplierIdentities: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ liveHeartbeatMs: 200 });
  url = await t.listen();
  const accounts = {
    auctioneer: "pregoeiro@demo.gov.br",
    support: "apoio@demo.gov.br",
    supplier1: "fornecedor1@demo.com.br",
    supplier2: "fornecedor2@demo.com.br",
    supplier3: "fornecedor3@demo.com.br",
    citizen: "cidadao@demo.com.br",
  };
  for (const [key, email] of Object.entries(accounts)) tokens[key] = await t.login(email);
  const rows = await t.db.select().from(suppliers);
  // Every supplier name and document, with and without the CNPJ mask, and their ids.
  supplierIdentities = rows.flatMap((s) =>
    [
      s.corporateName,
      s.tradeName,
      s.name,
      s.documentNumber,
      s.documentNumber.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5"),
      s.tradeRepresentativeName,
      s.id,
      s.userId,
    ].filter((v): v is string => !!v),
  );
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await t.close();
});

const lotsOf = (state: any) => (state.auctionNotice.batches as any[]).filter((b) => b.item === 1);

describe(LIVE_EVENTS.register, () => {
  it("takes the session cookie of a same-site upgrade when register carries no token", async () => {
    const host = new URL(url).host;
    const cookie = `certame_session=${tokens.auctioneer}`;
    const same = await LiveClient.open(url, { headers: { cookie, origin: `http://${host}` } });
    open.push(same);
    expect((await same.register(ROOM)).roomRole).toBe("AUCTIONEER");
    // Another site's page gets no session from the cookie (cross-site WebSocket hijacking).
    const foreign = await LiveClient.open(url, { headers: { cookie, origin: "http://evil.example" } });
    open.push(foreign);
    const state = await foreign.register(ROOM);
    expect(state.user).toBeNull();
    expect(state.roomRole).not.toBe("AUCTIONEER");
    expect(state.auctionTimeScale).toBe(1);
  });

  it("answers the auctioneer with the room state: notice, lots with chat channels, role, server time", async () => {
    const { state } = await inRoom("auctioneer");
    expect(state.roomRole).toBe("AUCTIONEER");
    expect(state.roomRoleLabel).toBe("Preg./Ag. Contrat.");
    expect(state.auctionNotice.id).toBe(ROOM);
    expect(state.auctionNotice.noticeNumber).toBe("PE 08/2026");
    const lots = lotsOf(state);
    expect(lots.map((l) => l.number)).toEqual([1, 2, 3]);
    expect(lots.every((l) => typeof l.chatChannel?.id === "string")).toBe(true);
    expect(lots.every((l) => l.isConfidentialPhase === true)).toBe(true);
    expect(Math.abs(Date.parse(state.serverTime) - Date.now())).toBeLessThan(60_000);
    expect(state.channelStatistics.isAuctioneerOnline).toBe(true);
  });

  it("gives a supplier its anonymous number, stable across registers, and no supplier name", async () => {
    const first = await inRoom("supplier1");
    const again = await inRoom("supplier1");
    expect(first.state.roomRole).toBe("ENABLED_SUPPLIER");
    expect(first.state.anonymousSupplierIdentificationNumber).toBeGreaterThan(0);
    expect(again.state.anonymousSupplierIdentificationNumber).toBe(
      first.state.anonymousSupplierIdentificationNumber,
    );
    const [row] = await t.db
      .select()
      .from(noticeParticipants)
      .where(
        and(
          eq(noticeParticipants.auctionNoticeId, ROOM),
          eq(noticeParticipants.supplierId, DEMO_IDS.supplier1),
        ),
      );
    expect(row?.anonymousNumber).toBe(first.state.anonymousSupplierIdentificationNumber);
    expect(JSON.stringify(first.state)).not.toContain("Ribeiro");
  });

  it("lets an anonymous visitor watch a published notice as a regular citizen", async () => {
    const { state } = await inRoom();
    expect(state.roomRole).toBe("REGULAR_CITIZEN");
    expect(state.user).toBeNull();
  });

  it("refuses a bad token, an unknown notice, a PENDING notice and malformed events with ERROR", async () => {
    const c = await client();
    c.send(LIVE_EVENTS.register, { token: "não-é-um-token", auctionNoticeId: ROOM });
    expect((await c.next("ERROR")).data.message).toBe("Sessão expirada ou inválida. Faça login novamente.");
    c.send(LIVE_EVENTS.register, { auctionNoticeId: randomUUID() });
    expect((await c.next("ERROR")).data.message).toBe(
      "Não é possível acessar sala de negociação: edital não encontrado.",
    );
    c.send(LIVE_EVENTS.register, { token: tokens.auctioneer, auctionNoticeId: DEMO_IDS.noticeDraft });
    expect((await c.next("ERROR")).data.message).toBe(
      "Não é possível acessar sala de negociação: o edital ainda não foi publicado.",
    );
    c.send(LIVE_EVENTS.register, { auctionNoticeId: DEMO_IDS.noticeFormalization });
    expect((await c.next("ERROR")).data.message).toContain("Não é possível acessar sala de negociação");
    c.sendRaw("isto não é json");
    expect((await c.next("ERROR")).data.message).toBe("Mensagem inválida: envie um JSON {event, data}.");
    c.sendRaw(JSON.stringify({ data: {} }));
    expect((await c.next("ERROR")).data.message).toBe("Mensagem inválida: envie um JSON {event, data}.");
    c.send(LIVE_EVENTS.register, { auctionNoticeId: "123" });
    expect((await c.next("ERROR")).data.message).toBe("Dados inválidos no evento register.");
    c.send(LIVE_EVENTS.newMessage, { chatChannel: randomUUID(), text: "oi" });
    expect((await c.next("ERROR")).data.message).toBe(
      "Registre-se na sala de negociação antes de enviar eventos.",
    );
    await c.register(ROOM, tokens.auctioneer);
    c.send("dance", {});
    // The refusal names its event, so a client tells which of its actions it answers.
    expect((await c.next("ERROR")).data).toEqual({
      message: "Evento não reconhecido: dance.",
      event: "dance",
    });
  });

  it("has one handler per event and one renderer per kind of change (issue 17: one dispatch path)", () => {
    const noop = async () => ({});
    expect(() => t.app.live.use({ commands: [{ events: [LIVE_EVENTS.placeNewBid], handle: noop }] })).toThrow(
      "evento ao vivo registrado duas vezes: place_new_bid",
    );
    expect(() => t.app.live.use({ commands: [{ events: [LIVE_EVENTS.register], handle: noop }] })).toThrow(
      "registrado duas vezes: register",
    );
    expect(() => t.app.live.use({ renderers: { chat: async () => null } })).toThrow(
      "renderizador registrado duas vezes: chat",
    );
  });
});

describe("chat", () => {
  it("delivers a lot message to every party, logs it in the chain and pages it back", async () => {
    const auctioneer = await inRoom("auctioneer");
    const supplier = await inRoom("supplier2");
    const citizen = await inRoom();
    const lot = lotsOf(auctioneer.state)[0];
    const text = `Bom dia, licitantes ${randomUUID()}`;
    auctioneer.c.send(LIVE_EVENTS.newMessage, {
      chatChannel: { id: lot.chatChannel.id },
      text,
      mediaFiles: [],
      metadata: {},
    });
    for (const party of [auctioneer, supplier, citizen]) {
      const { data } = await party.c.next("NEW_MESSAGE", (d) => d.text === text);
      expect(data.chatChannel.id).toBe(lot.chatChannel.id);
      expect(data.batchId).toBe(lot.id);
      expect(data.isSystemMessage).toBe(0);
      expect(data.user.nameToScreen).toBe("Preg./Ag. Contrat.: Marina Albuquerque");
    }
    const events = await listEvents(t.db, ROOM);
    const logged = events.find(
      (e) => e.eventType === "CHAT_MESSAGE_SENT" && (e.payload as any).text === text,
    );
    expect(logged?.actorUserId).toBeDefined();
    expect(await verifyChain(t.db, ROOM)).toBeNull();

    const page = await t.post("/api/chat/getMessages", { chatChannel: lot.chatChannel.id });
    expect(page.statusCode).toBe(200);
    expect(page.json().messages.map((m: any) => m.text)).toContain(text);
  });

  it("refuses a citizen's message, an empty one and one over 5,000 characters", async () => {
    const citizen = await inRoom("citizen");
    const lot = lotsOf(citizen.state)[0];
    citizen.c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "posso falar?" });
    expect((await citizen.c.next("ERROR")).data.message).toBe(
      "Cidadãos acompanham a sala sem enviar mensagens.",
    );

    const supplier = await inRoom("supplier3");
    supplier.c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "x".repeat(5001) });
    expect((await supplier.c.next("ERROR")).data.message).toBe(
      "A mensagem deve ter no máximo 5000 caracteres.",
    );
    // PostgreSQL refuses U+0000 in text: refused at the door, naming the field (issue 11).
    supplier.c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "oi\u0000" });
    expect((await supplier.c.next("ERROR")).data).toEqual({
      event: LIVE_EVENTS.newMessage,
      message:
        "Dados inválidos. Verifique os campos destacados. Campo text: Contém um caractere inválido (U+0000).",
    });
    supplier.c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "   " });
    expect((await supplier.c.next("ERROR")).data.message).toBe("A mensagem não pode ficar vazia.");
    const exact = "y".repeat(5000);
    supplier.c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: exact });
    expect((await supplier.c.next("NEW_MESSAGE", (d) => d.text === exact)).data.text).toHaveLength(5000);
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.text, "posso falar?"));
    expect(stored).toHaveLength(0);
  });

  it("sends to all lots for the auctioneer, and refuses it to a supplier", async () => {
    const auctioneer = await inRoom("auctioneer");
    const supplier = await inRoom("supplier1");
    const text = `Aviso a todos os lotes ${randomUUID()}`;
    auctioneer.c.send(LIVE_EVENTS.newMessageAllBatches, { auctionNoticeId: ROOM, text });
    for (const party of [auctioneer, supplier]) {
      const { data } = await party.c.next("MESSAGE_SENT_TO_BATCHES", (d) => d.text === text);
      expect(data.batchesIds).toHaveLength(3);
      expect(data.messages.map((m: any) => m.batchId).sort()).toEqual(
        lotsOf(auctioneer.state)
          .map((l) => l.id)
          .sort(),
      );
    }
    supplier.c.send(LIVE_EVENTS.newMessageAllBatches, { auctionNoticeId: ROOM, text: "eu também" });
    expect((await supplier.c.next("ERROR")).data.message).toBe(
      "Apenas o pregoeiro/agente de contratação e a equipe de apoio enviam mensagens a todos os lotes.",
    );
  });

  it("refuses every message once the notice is FINISHED", async () => {
    const other = await createTestApp();
    try {
      const otherUrl = await other.listen();
      await other.db.update(auctionNotices).set({ status: "FINISHED" }).where(eq(auctionNotices.id, ROOM));
      const c = await LiveClient.open(otherUrl);
      open.push(c);
      const state = await c.register(ROOM, await other.login("pregoeiro@demo.gov.br"));
      c.send(LIVE_EVENTS.newMessage, { chatChannel: lotsOf(state)[0].chatChannel.id, text: "encerrado?" });
      expect((await c.next("ERROR")).data.message).toBe(
        "Você não tem permissão para enviar mensagens neste chat.",
      );
      await c.close();
    } finally {
      await other.close();
    }
  });

  it("pages older messages by cursor, oldest first", async () => {
    const { c, state } = await inRoom("support");
    const channel = lotsOf(state)[1].chatChannel.id;
    const texts = Array.from({ length: 5 }, (_, i) => `página ${i}`);
    for (const text of texts) {
      c.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text });
      await c.next("NEW_MESSAGE", (d) => d.text === text);
    }
    const last = (await t.post("/api/chat/getMessages", { chatChannel: channel, limit: 2 })).json();
    expect(last.messages.map((m: any) => m.text)).toEqual(["página 3", "página 4"]);
    expect(last.hasMore).toBe(true);
    const first = last.messages[0];
    const older = (
      await t.post("/api/chat/getMessages", {
        chatChannel: { id: channel },
        lastChatMessageDate: first.createdDate,
        lastChatMessageId: first.id,
        limit: 3,
      })
    ).json();
    expect(older.messages.map((m: any) => m.text)).toEqual(["página 0", "página 1", "página 2"]);
    // The all-lots announcement of an earlier test is older still.
    expect(older.hasMore).toBe(true);
    const oldest = older.messages[0];
    const rest = (
      await t.post("/api/chat/getMessages", {
        chatChannel: channel,
        lastChatMessageDate: oldest.createdDate,
        lastChatMessageId: oldest.id,
      })
    ).json();
    expect(rest.messages.length).toBeGreaterThan(0);
    expect(rest.messages.some((m: any) => m.text.startsWith("página"))).toBe(false);
    expect(rest.hasMore).toBe(false);
  });

  it("joins the chat channels once, then answers 409", async () => {
    const first = await t.post("/api/app/auction/joinChatChannel", { id: ROOM }, tokens.supplier3);
    expect(first.statusCode).toBe(200);
    expect(first.json().chatChannelsIds).toHaveLength(3);
    const again = await t.post("/api/app/auction/joinChatChannel", { id: ROOM }, tokens.supplier3);
    expect(again.statusCode).toBe(409);
    const draft = await t.post(
      "/api/app/auction/joinChatChannel",
      { id: DEMO_IDS.noticeDraft },
      tokens.supplier3,
    );
    expect(draft.statusCode).toBe(403);
  });
});

describe("anonymity", () => {
  it("no frame any party receives in a confidential phase carries a supplier's name, document or id", async () => {
    const parties = {
      auctioneer: await inRoom("auctioneer"),
      support: await inRoom("support"),
      supplier1: await inRoom("supplier1"),
      supplier2: await inRoom("supplier2"),
      supplier3: await inRoom("supplier3"),
      citizen: await inRoom(),
    };
    const lot = lotsOf(parties.auctioneer.state)[0];
    const n2 = parties.supplier2.state.anonymousSupplierIdentificationNumber;
    // Suppliers speak, the auctioneer mentions one, and everyone asks for the statistics.
    for (const who of ["supplier1", "supplier2", "supplier3"] as const) {
      const text = `mensagem de ${who}`;
      parties[who].c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text });
      await parties.auctioneer.c.next("NEW_MESSAGE", (d) => d.text === text);
    }
    parties.auctioneer.c.send(LIVE_EVENTS.newMessage, {
      chatChannel: lot.chatChannel.id,
      text: `@Licitante ${n2}, confirme a proposta`,
      metadata: { mentions: [{ supplierId: DEMO_IDS.supplier2 }] },
    });
    for (const p of Object.values(parties)) {
      const mention = await p.c.next("NEW_MESSAGE", (d) => d.text.startsWith("@Licitante"));
      expect(mention.data.metadata.mentions).toEqual([{ anonymousSupplierIdentificationNumber: n2 }]);
    }
    for (const p of Object.values(parties))
      p.c.send(LIVE_EVENTS.getChannelStatistics, { auctionNoticeId: ROOM });
    for (const p of Object.values(parties))
      await p.c.next("CHANNEL_STATISTICS", (d) => d.onlineSuppliers.length >= 3);

    const fromSupplier1 = parties.supplier2.c.frames.find((f) => f.data?.text === "mensagem de supplier1");
    expect(fromSupplier1?.data.user.nameToScreen).toMatch(/^Licitante \d+$/);
    expect(fromSupplier1?.data.userId).toBeNull();

    const page = (
      await t.post(
        "/api/chat/getMessages",
        { chatChannel: lot.chatChannel.id, limit: 100 },
        tokens.auctioneer,
      )
    ).body;
    const scanned: [string, string[]][] = [
      ...Object.entries(parties).map(([who, p]) => [who, p.c.raw] as [string, string[]]),
      ["getMessages (pregoeiro)", [page]],
    ];
    for (const [who, frames] of scanned) {
      expect(frames.length).toBeGreaterThan(0);
      for (const frame of frames) {
        const me = who.startsWith("supplier") ? (parties as any)[who].state.user : null;
        const own = me ? [me.id, me.supplier.id] : [];
        for (const identity of supplierIdentities) {
          if (own.includes(identity)) continue; // a supplier's own ids in its own frames, never its name

          if (frame.includes(identity))
            throw new Error(`${who} recebeu "${identity}" em: ${frame.slice(0, 300)}`);
        }
      }
    }
  });

  it("shows names once no lot of the notice is in a confidential phase", async () => {
    const { c, state } = await inRoom("supplier1");
    const lot = lotsOf(state)[2];
    const all = eq(auctionBatches.auctionNoticeId, ROOM);
    await t.db.update(auctionBatches).set({ phase: "NEGOTIATION" }).where(eq(auctionBatches.id, lot.id));
    try {
      // The other lots are still closed for offers: the number is theirs too, so no name yet.
      c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "outros lotes sigilosos" });
      const hidden = await c.next("NEW_MESSAGE", (d) => d.text === "outros lotes sigilosos");
      expect(hidden.data.user.nameToScreen).toBe(`Licitante ${state.anonymousSupplierIdentificationNumber}`);
      await t.db.update(auctionBatches).set({ phase: "NEGOTIATION" }).where(all);
      c.send(LIVE_EVENTS.newMessage, { chatChannel: lot.chatChannel.id, text: "fase pública" });
      const { data } = await c.next("NEW_MESSAGE", (d) => d.text === "fase pública");
      expect(data.user.nameToScreen).toBe("Ribeiro Papelaria e Suprimentos Ltda - ME");
    } finally {
      await t.db.update(auctionBatches).set({ phase: "CLOSED_FOR_OFFERS" }).where(all);
    }
  });
});

describe("channel statistics and connections", () => {
  it("updates suppliers and auctioneer online on join and leave", async () => {
    // Sockets of the earlier tests leave first, so only this test's parties are online.
    for (const o of open.splice(0)) await o.close();
    const watcher = await inRoom();
    const supplier = await inRoom("supplier3");
    const n = supplier.state.anonymousSupplierIdentificationNumber;
    const online = (d: any) =>
      d.onlineSuppliers.some((s: any) => s.anonymousSupplierIdentificationNumber === n);
    await watcher.c.next("CHANNEL_STATISTICS", online);
    const before = watcher.c.frames.filter((f) => f.action === "CHANNEL_STATISTICS").at(-1)?.data;
    expect(before.batchesWithAnonymousSuppliersNumbers).toHaveLength(3);
    await supplier.c.close();
    await watcher.c.next("CHANNEL_STATISTICS", (d) => !online(d) && d.isAuctioneerOnline === false);
    const auctioneer = await inRoom("auctioneer");
    await watcher.c.next("CHANNEL_STATISTICS", (d) => d.isAuctioneerOnline === true);
    await auctioneer.c.close();
    await watcher.c.next("CHANNEL_STATISTICS", (d) => d.isAuctioneerOnline === false);
  });

  it("drops a socket that stops answering pings and counts it offline", async () => {
    const watcher = await inRoom();
    const silent = await LiveClient.open(url, { autoPong: false });
    open.push(silent);
    const state = await silent.register(ROOM, tokens.supplier2);
    const n = state.anonymousSupplierIdentificationNumber;
    const online = (d: any) =>
      d.onlineSuppliers.some((s: any) => s.anonymousSupplierIdentificationNumber === n);
    await watcher.c.next("CHANNEL_STATISTICS", online);
    await watcher.c.next("CHANNEL_STATISTICS", (d) => !online(d));
    await new Promise<void>((resolve) => {
      if (silent.ws.readyState === 3) resolve();
      else silent.ws.once("close", () => resolve());
    });
    expect(silent.ws.readyState).toBe(3);
  });

  it("resynchronises a client that registers again: the full state, new messages included in the pages", async () => {
    const { c, state } = await inRoom("supplier1");
    const lot = lotsOf(state)[0];
    await c.close();
    const writer = await inRoom("auctioneer");
    writer.c.send(LIVE_EVENTS.newMessage, {
      chatChannel: lot.chatChannel.id,
      text: "enquanto você estava fora",
    });
    await writer.c.next("NEW_MESSAGE", (d) => d.text === "enquanto você estava fora");
    const back = await inRoom("supplier1");
    expect(back.state.auctionNotice.id).toBe(ROOM);
    expect(lotsOf(back.state).map((l) => l.chatChannel.id)).toEqual(
      lotsOf(state).map((l) => l.chatChannel.id),
    );
    expect(back.state.anonymousSupplierIdentificationNumber).toBe(
      state.anonymousSupplierIdentificationNumber,
    );
    const page = (
      await t.post("/api/chat/getMessages", { chatChannel: lot.chatChannel.id }, tokens.supplier1)
    ).json();
    expect(page.messages.at(-1).text).toBe("enquanto você estava fora");
  });
});

describe("lot phases", () => {
  it("answers the current, next and previous phases from the domain's phase machine", async () => {
    const [lot] = await t.db
      .select()
      .from(auctionBatches)
      .where(and(eq(auctionBatches.auctionNoticeId, ROOM), eq(auctionBatches.number, 1)));
    const res = await t.post("/api/app/auction/lotPhases", { batchId: lot?.id }, tokens.auctioneer);
    expect(res.statusCode).toBe(200);
    // NEW_ELECTRONIC_REVERSED_AUCTION, AFTER_BID: CLOSED_FOR_OFFERS → PUBLIC_SESSION (phase-machine.ts table).
    expect(res.json()).toEqual({
      currentPhase: "CLOSED_FOR_OFFERS",
      nextPhase: ["PUBLIC_SESSION"],
      previousPhase: ["OPEN_FOR_OFFERS"],
    });
    expect(
      (await t.post("/api/app/auction/lotPhases", { batchId: randomUUID() }, tokens.auctioneer)).statusCode,
    ).toBe(404);
    expect((await t.post("/api/app/auction/lotPhases", { batchId: lot?.id })).statusCode).toBe(401);
  });
});
