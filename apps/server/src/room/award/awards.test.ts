// The winner's documents after bidding (trading-room §2.3, §2.6, §3 "Lot", §4, §6, §7; DESIGN §4
// "Documents after bidding"; Lei 14.133/2021 arts. 59 and 63; IN SEGES/ME 73/2022 art. 29;
// docs/live-room.md "Winner's documents") over real WebSockets and PostgreSQL: the demo room's lot 2
// (won by supplier 3, 'Licitante 3', with the best initial proposal) taken to NEGOTIATION, where the
// winner attaches its readjusted proposal inside the documents window, then to QUALIFICATION, where
// it sends qualification documents of its library; and every refusal on the way.

import type { LotPhase } from "@certame/domain";
import { AWARD_EVENTS, CONTROL_EVENTS } from "@certame/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { postMultipart } from "../../../test/notice-helpers";
import {
  act,
  advance,
  biddingToNegotiation,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionBatches, auctionNotices, initialProposals, noticeParticipants } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents, verifyChain } from "../../events/event-log.repository";

const HOUR = 3_600_000;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const FILE_NOT_FOUND = "Arquivo anexado não encontrado. Envie o arquivo novamente.";
const NOT_WINNER = "Somente o licitante vencedor do lote/item pode realizar esta ação.";
const EMAILS = {
  auctioneer: "pregoeiro@demo.gov.br",
  supplier1: "fornecedor1@demo.com.br",
  supplier2: "fornecedor2@demo.com.br",
  supplier3: "fornecedor3@demo.com.br",
  citizen: "cidadao@demo.com.br",
} as const satisfies Record<Party, string>;

let t: TestApp;
let clock: TestClock;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;
let wsUrl: string;
const tokens = {} as Record<Party, string>;

const send = (who: Party, event: string, data: unknown) => act(p[who].c, event, data);
const open = (who: Party, url: string) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens[who]}` } });
const setLot2 = (phase: LotPhase) =>
  t.db
    .update(auctionBatches)
    .set({ phase })
    .where(eq(auctionBatches.id, lots[2] as string));
const refusedFor = (text: string) => ({ ok: false, message: expect.stringContaining(text) });
const post = (who: Party, path: string, body: unknown) => t.post(path, body, tokens[who]);

async function upload(who: Party, name = "proposta.pdf", bytes = PDF) {
  const res = await postMultipart(t, "/api/upload", tokens[who], {}, { name, bytes });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; url: string };
}

const readjust = (who: Party, documents: { name?: string; url: string }[], batchId = lots[2]) =>
  post(who, "/api/app/supplier/attachReadjustedProposal", { documents, auctionNoticeId: ROOM, batchId });
const associate = (who: Party, documents: unknown[], batchId = lots[2]) =>
  post(who, "/api/app/supplier/associateQualificationDocuments", {
    documents,
    auctionNoticeId: ROOM,
    batchId,
  });
const configure = (who: Party, extra: Record<string, unknown>) =>
  send(who, AWARD_EVENTS.broadcastConfigureAttachingDocumentsDateTime, {
    batchId: lots[2],
    auctionNoticeId: ROOM,
    ...extra,
  });

beforeAll(async () => {
  clock = new TestClock();
  t = await createTestApp({ clock: clock.now });
  wsUrl = await t.listen();
  p = await openParties(t, wsUrl);
  for (const who of Object.keys(EMAILS) as Party[]) tokens[who] = await t.login(EMAILS[who]);
  lots = await roomLots(t);
  // Lot 2 through PUBLIC_SESSION and BIDDING (no bid) to NEGOTIATION by the clock.
  await biddingToNegotiation(t, p, clock, lots[2] as string);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

describe("the readjusted proposal in NEGOTIATION (§6 ATTACH_READJUSTED_PROPOSAL_NEW, winner only)", () => {
  it("the lot tells everyone its winner by anonymous number only", async () => {
    const reg = await p.supplier1.c.register(ROOM, tokens.supplier1);
    const lot = reg.auctionNotice.batches.find((b: { id: string }) => b.id === lots[2]);
    expect(lot.winner).toEqual({ anonymousSupplierIdentificationNumber: 3 });
    expect(lot.isReadjustedProposalAttached).toBe(false);
    expect(lot.attachingDocumentsEndingDateTime).toBeNull();
  });

  it("refuses another bidder, the buyer side and a citizen", async () => {
    const own = await upload("supplier1");
    const r1 = await readjust("supplier1", [{ url: own.url }]);
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(NOT_WINNER);
    for (const who of ["auctioneer", "citizen"] as const) {
      const r = await readjust(who, [{ url: own.url }]);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toContain("Você não tem permissão para anexar a proposta readequada");
    }
  });

  it("refuses a file the winner did not upload, a forged lot and an empty sending", async () => {
    const other = await upload("supplier1");
    const r = await readjust("supplier3", [{ url: other.url }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(FILE_NOT_FOUND);
    const forged = await readjust("supplier3", [
      { url: "/api/app/file/00000000-0000-4000-8000-000000000000" },
    ]);
    expect(forged.json().message).toBe(FILE_NOT_FOUND);
    const lot = await readjust(
      "supplier3",
      [{ url: (await upload("supplier3")).url }],
      "00000000-0000-4000-8000-000000000001",
    );
    expect(lot.statusCode).toBe(404);
    const empty = await readjust("supplier3", []);
    expect(empty.statusCode).toBe(400);
  });

  it("uploads are checked by their bytes: a renamed text file is refused before any attachment", async () => {
    const res = await postMultipart(
      t,
      "/api/upload",
      tokens.supplier3,
      {},
      {
        name: "proposta.pdf",
        bytes: Buffer.from("isto não é um PDF"),
        type: "application/pdf",
      },
    );
    expect(res.statusCode).toBe(415);
  });

  it("the winner attaches it: the buyer side is told live, the chat says it, the log keeps it", async () => {
    const file = await upload("supplier3", "proposta-readequada.pdf");
    const res = await readjust("supplier3", [{ url: file.url, name: "Proposta readequada lote 2" }]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Proposta readequada anexada com sucesso");
    expect(body.documents).toEqual([
      expect.objectContaining({ kind: "READJUSTED_PROPOSAL", name: "Proposta readequada lote 2" }),
    ]);
    const pushed = await p.auctioneer.c.next("READJUSTED_PROPOSAL_ATTACHED");
    expect(pushed.data.batchesIds).toEqual([lots[2]]);
    expect(pushed.data.batches[0]).toMatchObject({ id: lots[2], isReadjustedProposalAttached: true });
    const chat = await p.auctioneer.c.next("NEW_MESSAGE", (d) => d.action === "READJUSTED_PROPOSAL_ATTACHED");
    expect(chat.data.text).toBe("Licitante 3 anexou a proposta readequada do lote/item 2.");
    // The socket confirmation of §7 only checks the lot.
    expect(
      await send("supplier3", AWARD_EVENTS.broadcastReadjustedProposalAttached, { batchId: lots[2] }),
    ).toEqual({
      ok: true,
      data: expect.objectContaining({ batchId: lots[2] }),
    });

    // It is the winner's proposal: §6 SHOW_PROPOSAL_DOCUMENT (new modalities, NEGOTIATION through
    // CLOSING) opens it to every viewer, as the §2.7 proposals modal — the buyer side, another bidder
    // and a citizen list and open it.
    for (const who of ["auctioneer", "supplier1", "citizen"] as const) {
      const list = await post(who, "/api/app/award/documents", { auctionNoticeId: ROOM, batchId: lots[2] });
      expect(list.json().documents).toEqual([
        expect.objectContaining({ kind: "READJUSTED_PROPOSAL", anonymousSupplierIdentificationNumber: 3 }),
      ]);
      const opened = await open(who, list.json().documents[0].url);
      expect(opened.statusCode).toBe(200);
      expect(opened.rawPayload.equals(PDF)).toBe(true);
    }

    const events = await listEvents(t.db, ROOM);
    expect(events.some((e) => e.eventType === "READJUSTED_PROPOSAL_ATTACHED")).toBe(true);
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });

  it("a new sending replaces the proposal in force", async () => {
    const file = await upload("supplier3", "proposta-v2.pdf");
    const res = await readjust("supplier3", [{ url: file.id }]);
    expect(res.json().documents).toEqual([expect.objectContaining({ name: "proposta-v2.pdf" })]);
    const list = await post("supplier3", "/api/app/award/documents", {
      auctionNoticeId: ROOM,
      batchId: lots[2],
    });
    expect(list.json().documents.map((d: { name: string }) => d.name)).toEqual(["proposta-v2.pdf"]);
  });
});

describe("the documents window (§6 INITIALIZE / EXTEND_ATTACHING_DOCUMENTS_DATE_TIME; DESIGN §4)", () => {
  it("only the officials set it", async () => {
    expect(await configure("supplier3", { amountHour: 2 })).toEqual(
      refusedFor("Você não tem permissão para iniciar o prazo de envio dos documentos"),
    );
    expect(await configure("citizen", { amountHour: 2 })).toEqual(refusedFor("Você não tem permissão"));
  });

  it("gives the winner at least 2 hours and refuses a stale phase", async () => {
    expect(await configure("auctioneer", { amountHour: 1 })).toEqual(refusedFor("no mínimo 2 horas"));
    expect(await configure("auctioneer", { amountHour: 1.5 })).toEqual(refusedFor("número inteiro"));
    expect(
      await configure("auctioneer", {
        deadlineDateTime: new Date(clock.now().getTime() + HOUR).toISOString(),
      }),
    ).toEqual(refusedFor("no mínimo 2 horas"));
    expect(await configure("auctioneer", { amountHour: 2, currentBatchPhase: "QUALIFICATION" })).toEqual(
      refusedFor("mudou de fase"),
    );
  });

  it("refuses a day that does not exist instead of rolling it into the next month (issue 11)", async () => {
    const year = clock.now().getUTCFullYear() + 1;
    for (const deadlineDateTime of [`${year}-02-31T10:00:00-03:00`, "9999-99-99T99:99:99Z"])
      expect(await configure("auctioneer", { deadlineKind: "D", deadlineDateTime })).toEqual(
        refusedFor("Informe uma data limite válida"),
      );
  });

  it("initializes it in hours: every one is told, with a chat message", async () => {
    const now = clock.now().getTime();
    const r = await configure("auctioneer", { amountHour: 2, currentBatchPhase: "NEGOTIATION" });
    expect(r.ok).toBe(true);
    const end = new Date(now + 2 * HOUR).toISOString();
    const pushed = await p.supplier3.c.next("ATTACHING_DOCUMENTS_CONFIGURED");
    expect(pushed.data.batches[0]).toMatchObject({
      id: lots[2],
      attachingDocumentsStartDateTime: new Date(now).toISOString(),
      attachingDocumentsEndingDateTime: end,
    });
    const chat = await p.supplier3.c.next(
      "NEW_MESSAGE",
      (d) => d.action === "ATTACHING_DOCUMENTS_CONFIGURED",
    );
    expect(chat.data.text).toMatch(
      /^Iniciado o prazo para envio das propostas ajustadas do lote\/item 2: até /,
    );
  });

  it("is not initialized twice, and is extended only after it lapsed", async () => {
    expect(await configure("auctioneer", { amountHour: 3 })).toEqual(refusedFor("já foi iniciado"));
    expect(await configure("auctioneer", { amountHour: 3, isExtendingDateTime: true })).toEqual(
      refusedFor("só pode ser prorrogado após o encerramento"),
    );
  });

  it("after the deadline the winner's sending is refused; an extension to a fixed date reopens it", async () => {
    clock.advance(2 * HOUR + 1000);
    const file = await upload("supplier3");
    const late = await readjust("supplier3", [{ url: file.url }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain("O prazo para envio dos documentos no lote/item 2 encerrou em");
    const past = new Date(clock.now().getTime() - HOUR).toISOString();
    expect(
      await configure("auctioneer", { deadlineKind: "D", deadlineDateTime: past, isExtendingDateTime: true }),
    ).toEqual(refusedFor("no mínimo 1 hora"));
    const fixed = new Date(clock.now().getTime() + 5 * HOUR).toISOString();
    const r = await configure("auctioneer", {
      deadlineKind: "D",
      deadlineDateTime: fixed,
      isExtendingDateTime: true,
    });
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({ attachingDocumentsEndingDateTime: fixed }),
    });
    const chat = await p.supplier3.c.next(
      "NEW_MESSAGE",
      (d) => d.action === "ATTACHING_DOCUMENTS_CONFIGURED" && d.text.startsWith("Prorrogado"),
    );
    expect(chat.data.text).toContain("lote/item 2");
    expect((await readjust("supplier3", [{ url: file.url }])).statusCode).toBe(200);
  });
});

describe("qualification documents in QUALIFICATION (§6 ATTACH_QUALIFICATION_DOCUMENT, winner only)", () => {
  let library: string;
  let otherLibrary: string;
  beforeAll(async () => {
    await advance(p.auctioneer.c, [lots[2] as string], "QUALIFICATION");
    const file = async (who: Party) => {
      const up = await upload(who, "cnd-fgts.pdf");
      const res = await post(who, "/api/app/supplier/attachQualificationDocuments", {
        documents: [{ name: "", url: up.url, description: "CRF", kind: "FGTS_CLEARANCE" }],
      });
      expect(res.statusCode).toBe(200);
      return res.json()[0].id as string;
    };
    library = await file("supplier3");
    otherLibrary = await file("supplier1");
  });

  it("entering the phase clears the window; the readjusted proposal is now out of phase", async () => {
    const moved = await p.supplier3.c.next("PHASE_ADVANCED", (d) => d.newPhase === "QUALIFICATION");
    expect(moved.data.batches[0]).toMatchObject({
      attachingDocumentsEndingDateTime: null,
      isReadjustedProposalAttached: true,
    });
    const r = await readjust("supplier3", [{ url: (await upload("supplier3")).url }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain('lote/item 2 na fase "');
  });

  it("refuses another bidder, the buyer side, someone else's document and a forged id", async () => {
    expect((await associate("supplier1", [otherLibrary])).json().message).toBe(NOT_WINNER);
    expect((await associate("auctioneer", [library])).statusCode).toBe(403);
    const foreign = await associate("supplier3", [otherLibrary]);
    expect(foreign.statusCode).toBe(404);
    expect((await associate("supplier3", ["00000000-0000-4000-8000-000000000002"])).statusCode).toBe(404);
    expect((await associate("supplier3", [])).statusCode).toBe(400);
  });

  it("refuses a library file that is not a qualification document", async () => {
    const list = await post("supplier3", "/api/app/award/documents", { auctionNoticeId: ROOM });
    const proposal = list.json().documents[0].supplierDocumentId as string;
    const r = await associate("supplier3", [proposal]);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain("não é um documento de habilitação");
  });

  it("the winner sends its library document; the lot is marked and everyone is told", async () => {
    const res = await associate("supplier3", [{ id: library }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Documento(s) de habilitação anexados com sucesso!",
      changed: true,
      documents: [expect.objectContaining({ kind: "QUALIFICATION_DOCUMENT", supplierDocumentId: library })],
    });
    const pushed = await p.citizen.c.next("QUALIFIED_DOCUMENT_ATTACHED");
    expect(pushed.data.batches[0]).toMatchObject({ id: lots[2], isQualifiedDocumentConfirmed: true });
    const chat = await p.auctioneer.c.next("NEW_MESSAGE", (d) => d.action === "QUALIFIED_DOCUMENT_ATTACHED");
    expect(chat.data.text).toBe("Licitante 3 anexou 1 documento de habilitação no lote/item 2.");
    // The same set again changes nothing and tells no one.
    const again = await associate("supplier3", [library]);
    expect(again.json().changed).toBe(false);
    const events = (await listEvents(t.db, ROOM)).filter(
      (e) => e.eventType === "QUALIFIED_DOCUMENT_ATTACHED",
    );
    expect(events).toHaveLength(1);
    // The library keeps a sent document.
    const del = await post("supplier3", "/api/app/supplier/deleteQualificationDocument", { id: library });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe("Este documento já foi enviado em um processo e não pode ser excluído.");
  });

  it("a winner the auctioneer disqualifies loses its winner actions until requalified", async () => {
    const channel = (
      p.auctioneer.state.auctionNotice.batches as { id: string; chatChannel: { id: string } }[]
    ).find((b) => b.id === lots[2])?.chatChannel.id;
    const toggle = (kind: string) =>
      send("auctioneer", CONTROL_EVENTS.toggleSupplierStatus, {
        batchId: lots[2],
        chatChannelId: channel,
        anonymousSupplierIdentificationNumber: 3,
        kind,
        reason: "Documentação em análise",
      });
    expect((await toggle("DISQUALIFY")).ok).toBe(true);
    const refused = await associate("supplier3", [library]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_WINNER);
    expect((await toggle("REQUALIFY")).ok).toBe(true);
    expect((await associate("supplier3", [library])).statusCode).toBe(200);
  });

  it("within the window set in QUALIFICATION; refused after it", async () => {
    const r = await configure("auctioneer", { amountHour: 2, currentBatchPhase: "QUALIFICATION" });
    expect(r.ok).toBe(true);
    const chat = await p.supplier3.c.next(
      "NEW_MESSAGE",
      (d) => d.action === "ATTACHING_DOCUMENTS_CONFIGURED" && d.text.includes("habilitação"),
    );
    expect(chat.data.text).toMatch(
      /^Iniciado o prazo para envio dos documentos de habilitação do lote\/item 2/,
    );
    clock.advance(2 * HOUR + 1000);
    const late = await associate("supplier3", [library]);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toContain("encerrou em");
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });

  it("a losing bidder and a citizen see them once §6 SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES opens the lot, as the §2.7 modal", async () => {
    const qualificationOf = async (who: Party) =>
      (await post(who, "/api/app/award/documents", { auctionNoticeId: ROOM, batchId: lots[2] }))
        .json()
        .documents.filter((d: { kind: string }) => d.kind === "QUALIFICATION_DOCUMENT") as {
        id: string;
        url: string;
      }[];
    const [sent] = await qualificationOf("supplier3");
    if (!sent) throw new Error("the winner's qualification document is not listed to its author");
    // The lot taken back to NEGOTIATION, a phase the action does not list: refused to the others…
    await setLot2("NEGOTIATION");
    try {
      for (const who of ["supplier1", "citizen"] as const) {
        expect(await qualificationOf(who)).toEqual([]);
        expect((await open(who, sent.url)).statusCode).toBe(404);
      }
      // …not to the Body, who judges them, nor to their author.
      for (const who of ["auctioneer", "supplier3"] as const)
        expect((await open(who, sent.url)).statusCode).toBe(200);
    } finally {
      await setLot2("QUALIFICATION");
    }
    for (const who of ["supplier1", "citizen"] as const) {
      expect(await qualificationOf(who)).toEqual([
        expect.objectContaining({ id: sent.id, anonymousSupplierIdentificationNumber: 3 }),
      ]);
      const file = await open(who, sent.url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
  });
});

describe("the proof of payment in a leilão (§6 ATTACH_PROOF_PAYMENT: ELECTRONIC_AUCTION, HOMOLOGATION, winner only)", () => {
  const AUCTION = DEMO_IDS.noticeAuction;
  let lot: string;
  let watcher: LiveClient;
  const proof = (who: Party, url: string, batchId = lot) =>
    post(who, "/api/app/supplier/attachProofPayment", {
      documents: [{ url }],
      auctionNoticeId: AUCTION,
      batchId,
    });
  beforeAll(async () => {
    // The demo leilão's lot, as the engine leaves it after the award: supplier 1 won, 2 also bid.
    const [row] = await t.db
      .select({ id: auctionBatches.id })
      .from(auctionBatches)
      .where(and(eq(auctionBatches.auctionNoticeId, AUCTION), eq(auctionBatches.item, 1)));
    lot = (row as { id: string }).id;
    await t.db.insert(noticeParticipants).values([
      { auctionNoticeId: AUCTION, supplierId: DEMO_IDS.supplier1, anonymousNumber: 1 },
      { auctionNoticeId: AUCTION, supplierId: DEMO_IDS.supplier2, anonymousNumber: 2 },
    ]);
    await t.db
      .update(auctionBatches)
      .set({ phase: "NEGOTIATION", negotiatingSupplierId: DEMO_IDS.supplier1 })
      .where(eq(auctionBatches.id, lot));
    await t.db.update(auctionNotices).set({ status: "ONGOING" }).where(eq(auctionNotices.id, AUCTION));
    watcher = await LiveClient.open(wsUrl);
    await watcher.register(AUCTION, tokens.auctioneer);
  });
  afterAll(() => watcher.close());

  it("is refused out of HOMOLOGATION", async () => {
    const r = await proof("supplier1", (await upload("supplier1", "pagamento.pdf")).url);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain("Não é possível anexar o comprovante de pagamento agora");
  });

  it("in HOMOLOGATION: refused to another bidder and to the buyer side; the winner attaches it", async () => {
    await t.db.update(auctionBatches).set({ phase: "HOMOLOGATION" }).where(eq(auctionBatches.id, lot));
    const other = await proof("supplier2", (await upload("supplier2", "pagamento.pdf")).url);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(NOT_WINNER);
    expect((await proof("auctioneer", (await upload("auctioneer", "pagamento.pdf")).url)).statusCode).toBe(
      403,
    );

    const file = await upload("supplier1", "comprovante.pdf");
    const res = await proof("supplier1", file.url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Comprovante de pagamento anexada com sucesso",
      documents: [expect.objectContaining({ kind: "ELECTRONIC_AUCTION_PAYMENT", name: "comprovante.pdf" })],
    });
    const pushed = await watcher.next("PROOF_PAYMENT_ATTACHED");
    expect(pushed.data.batchesIds).toEqual([lot]);
    const chat = await watcher.next("NEW_MESSAGE", (d) => d.action === "PROOF_PAYMENT_ATTACHED");
    expect(chat.data.text).toBe("Licitante 1 anexou o comprovante de pagamento do lote/item 1.");

    const listed = await post("auctioneer", "/api/app/award/proofPayments", {
      auctionNoticeId: AUCTION,
      batchId: lot,
    });
    expect(listed.json().proofPayments).toEqual([
      expect.objectContaining({ name: "comprovante.pdf", anonymousSupplierIdentificationNumber: 1 }),
    ]);
    const others = await post("supplier2", "/api/app/award/proofPayments", {
      auctionNoticeId: AUCTION,
      batchId: lot,
    });
    expect(others.json().proofPayments).toEqual([]);
    // No §6 viewing action opens a proof of payment to others (SHOW_PROOF_PAYMENT is the Body's):
    // another bidder and a citizen neither list nor open it.
    const url = listed.json().proofPayments[0].url as string;
    expect((await open("auctioneer", url)).statusCode).toBe(200);
    for (const who of ["supplier2", "citizen"] as const) {
      const body = { auctionNoticeId: AUCTION, batchId: lot };
      expect((await post(who, "/api/app/award/proofPayments", body)).json().proofPayments).toEqual([]);
      expect((await post(who, "/api/app/award/documents", body)).json().documents).toEqual([]);
      expect((await open(who, url)).statusCode).toBe(404);
    }
    expect(await verifyChain(t.db, AUCTION)).toBeNull();
  });
});

describe("'Anexar arquivo ao Processo' (§6 ATTACH_DOCUMENT_AT_PROCESS: managers and the secretary)", () => {
  const attach = (who: Party, body: Record<string, unknown>) =>
    post(who, "/api/app/auction/attachDocumentAtProcess", {
      auctionNoticeId: ROOM,
      docKind: "AUCTION_NOTICE",
      ...body,
    });

  it("is refused to a supplier and to a citizen", async () => {
    const up = await upload("supplier1", "ata.pdf");
    expect((await attach("supplier1", { fileName: up.url })).statusCode).toBe(403);
    expect((await attach("citizen", { fileName: up.url })).statusCode).toBe(403);
  });

  it("takes only the user's own PDF upload", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(32),
    ]);
    const image = await upload("auctioneer", "foto.png", png);
    const r = await attach("auctioneer", { fileName: image.url });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("O arquivo do processo deve ser um PDF.");
    const foreign = await upload("supplier1", "ata.pdf");
    expect((await attach("auctioneer", { fileName: foreign.url })).json().message).toBe(FILE_NOT_FOUND);
    expect((await attach("auctioneer", {})).statusCode).toBe(400);
  });

  it("publishes the file with the notice's files and tells every lot's chat", async () => {
    const up = await upload("auctioneer", "ata-da-sessao.pdf");
    const r = await attach("auctioneer", {
      fileName: up.url,
      name: "Ata parcial",
      description: "Ata da sessão pública",
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      message: "Arquivo anexado com sucesso",
      document: { name: "Ata parcial" },
    });
    // One system message per lot, pushed together (MESSAGE_SENT_TO_BATCHES).
    const all = await p.supplier2.c.next("MESSAGE_SENT_TO_BATCHES", (d) =>
      d.messages.some((m: { action: string }) => m.action === "PROCESS_DOCUMENT_ATTACHED"),
    );
    expect(new Set(all.data.batchesIds)).toEqual(new Set(Object.values(lots)));
    expect(all.data.text).toBe('Arquivo "Ata parcial" anexado ao processo: Ata da sessão pública.');
    const listed = await t.post("/api/public/auction/documents/list", { auctionNoticeId: ROOM });
    expect(JSON.stringify(listed.json())).toContain("Ata parcial");
    const events = await listEvents(t.db, ROOM);
    expect(events.some((e) => e.eventType === "PROCESS_DOCUMENT_ATTACHED")).toBe(true);
  });
});

describe("the reserved quota's winner (§6 INDICATE_WINNER_BROAD_PARTICIPATION_BATCH; Decreto 8.538/2015 art. 8 §2)", () => {
  const indicate = (who: Party, extra: Record<string, unknown> = {}) =>
    send(who, AWARD_EVENTS.indicateWinnerBoardParticipation, {
      auctionNoticeId: ROOM,
      batchId: lots[3],
      ...extra,
    });
  beforeAll(async () => {
    // Lot 3 as the reserved quota of lot 2 (won by Licitante 3), failed with no winner.
    await t.db
      .update(auctionBatches)
      .set({ batchItemParticipation: "DIFFERENTIATED", wideParticipationBatch: 2, phase: "FAILED" })
      .where(eq(auctionBatches.id, lots[3] as string));
  });

  it("only the officials indicate it", async () => {
    expect(await indicate("supplier3")).toEqual(refusedFor("Você não tem permissão"));
  });

  it("not while another lot still competes (lot 1 is closed for offers)", async () => {
    expect(await indicate("auctioneer")).toEqual(refusedFor('lote/item 3 na fase "'));
  });

  it("refuses a reference that is not the wide-participation lot", async () => {
    await t.db
      .update(auctionBatches)
      .set({ phase: "FAILED" })
      .where(eq(auctionBatches.id, lots[1] as string));
    expect(await indicate("auctioneer", { referenceBatchId: lots[3] })).toEqual(
      refusedFor("não é de ampla participação"),
    );
    expect(await indicate("auctioneer", { referenceBatchId: lots[1] })).toEqual(
      refusedFor("A cota do lote/item 3 corresponde ao lote/item 2"),
    );
  });

  it("gives the quota to the wide lot's winner: everyone is told, once", async () => {
    const r = await indicate("auctioneer");
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({ anonymousSupplierIdentificationNumber: 3 }),
    });
    const pushed = await p.citizen.c.next("WINNER_BROAD_PARTICIPATION_INDICATED");
    expect(pushed.data.batches[0]).toMatchObject({
      id: lots[3],
      winner: { anonymousSupplierIdentificationNumber: 3 },
    });
    const chat = await p.citizen.c.next(
      "NEW_MESSAGE",
      (d) => d.action === "WINNER_BROAD_PARTICIPATION_INDICATED",
    );
    expect(chat.data.text).toBe(
      "Licitante 3, vencedor do lote/item 2 de ampla participação, foi indicado como vencedor da cota reservada do lote/item 3.",
    );
    expect(await indicate("auctioneer")).toEqual(refusedFor("já possui vencedor"));
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });
});

describe("regional / local preference (§6 APPLY_REGIONAL_PREFERENCE and its extra conditions; LC 123/2006 arts. 48 §3, 49)", () => {
  const apply = (who: Party, applyRegionalPreference: boolean) =>
    send(who, AWARD_EVENTS.applyRegionalPreference, {
      auctionNoticeId: ROOM,
      batchId: lots[2],
      applyRegionalPreference,
    });

  it("only the officials decide", async () => {
    expect(await apply("supplier1", true)).toEqual(refusedFor("Você não tem permissão"));
  });

  it("not in a notice that does not admit it", async () => {
    expect(await apply("auctioneer", true)).toEqual(refusedFor("não admite a preferência local ou regional"));
  });

  it("not without a regional bidder within 10% of the winner", async () => {
    await t.db
      .update(auctionNotices)
      .set({ canApplyRegionalPreference: true })
      .where(eq(auctionNotices.id, ROOM));
    expect(await apply("auctioneer", true)).toEqual(
      refusedFor("Não há licitante local ou regional em condições"),
    );
  });

  it("yes: the regional bidder (Licitante 1, 33000 ≤ 110% of 32500) takes the negotiation; decided once", async () => {
    await t.db.insert(initialProposals).values({
      auctionNoticeId: ROOM,
      supplierId: DEMO_IDS.supplier1,
      hasRegionalPreferenceDeclaration: true,
      hasProposal: true,
    });
    const r = await apply("auctioneer", true);
    // Two qualified ME/EPP bid in the lot (suppliers 1 and 3): the modal's fewer-than-3 warning applies.
    expect(r).toEqual({
      ok: true,
      data: expect.objectContaining({
        anonymousSupplierIdentificationNumber: 1,
        qualifyingSmallBusinesses: 2,
      }),
    });
    const pushed = await p.citizen.c.next("REGIONAL_PREFERENTE_CONFIGURED");
    expect(pushed.data.batches[0]).toMatchObject({
      id: lots[2],
      isRegionalPreferenceApplied: true,
      winner: { anonymousSupplierIdentificationNumber: 1 },
    });
    const chat = await p.citizen.c.next("NEW_MESSAGE", (d) => d.action === "REGIONAL_PREFERENTE_CONFIGURED");
    expect(chat.data.text).toBe(
      "Aplicada a regra de preferência local ou regional no lote/item 2: Licitante 1 tem o direito de cobrir o melhor lance.",
    );
    expect(await apply("auctioneer", false)).toEqual(refusedFor("já foi decidida no lote/item 2"));
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });
});
