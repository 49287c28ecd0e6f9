import {
  DIRECT_FORUM_PAGE_SIZE,
  DIRECT_LIVE_ACTIONS,
  FORUM_CLOSED_MESSAGE,
  FORUM_MESSAGE_NOT_FOUND,
  FORUM_NOT_AN_AUTHOR,
  FORUM_ONLY_BODY_REPLIES,
  FORUM_REPLY_TO_MESSAGE,
  LIVE_EVENTS,
} from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { BUYER, makeNotice, OTHER_BUYER, SUPPLIER } from "../../../test/notice-fixture";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { listEvents } from "../../events/event-log.repository";

// The message forum of the direct procedures and their live pages (issue 19 item 2), through HTTP and
// the live WebSocket on PostgreSQL.

const DAY = 86_400_000;
const clock = new TestClock(Date.parse("2026-12-01T15:00:00Z"));
const now = () => clock.now().getTime();
const BODY_NAME = "Prefeitura Municipal de Exemplo";
const SUPPLIER_COMPANY = "Ribeiro Papelaria e Suprimentos Ltda - ME";

let t: TestApp;
let supplier: string;
let supplier3: string;
let buyer: string;
let otherBuyer: string;
let planner: string;
let citizen: string;
let accreditation: string;
const mails: { to: string; subject: string; text: string }[] = [];
let mailFails = false;

interface ForumMessage {
  id: string;
  authorKind: string;
  authorName: string;
  text: string;
  mine: boolean;
  replies: ForumMessage[];
}

const list = async (noticeId: string, token: string, page?: number) => {
  const res = await t.post("/api/app/directForum/list", { auctionNoticeId: noticeId, page }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    canPost: boolean;
    canReply: boolean;
    open: boolean;
    total: number;
    threads: ForumMessage[];
    notice: { buyerName: string };
  };
};
const post = (token: string, body: Record<string, unknown>) =>
  t.post("/api/app/directForum/post", { auctionNoticeId: accreditation, ...body }, token);

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    mailer: {
      send: async (message) => {
        if (mailFails) throw new Error("SMTP fora do ar");
        mails.push(message as (typeof mails)[number]);
        return `<${mails.length}@test>`;
      },
    },
  });
  [supplier, supplier3, buyer, otherBuyer, planner, citizen] = await Promise.all([
    t.login(SUPPLIER),
    t.login("fornecedor3@demo.com.br"),
    t.login(BUYER),
    t.login(OTHER_BUYER),
    t.login("planejamento@demo.gov.br"),
    t.login("cidadao@demo.com.br"),
  ]);
  accreditation = (
    await makeNotice(t, {
      status: "PUBLISHED",
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "CR 9/2026",
      proposalsStartDateTime: new Date(now() - DAY),
      proposalsEndDateTime: new Date(now() + 10 * DAY),
    })
  ).id;
});
afterAll(() => t.close());

describe("the message forum", () => {
  it("a supplier and a citizen post; the body replies under the message; everyone signed in reads it", async () => {
    const asked = await post(supplier, {
      text: "  O credenciamento aceita clínicas de outros municípios?  ",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const question = asked.json().id as string;
    clock.advance(1000);
    expect((await post(citizen, { text: "Qual o prazo de vigência?" })).statusCode).toBe(200);
    clock.advance(1000);
    const replied = await post(buyer, { text: "Sim, desde que atendam no município.", parentId: question });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().parentId).toBe(question);

    // Another body's staff reads it too (it only may not write).
    for (const token of [supplier3, otherBuyer, citizen, buyer]) {
      const forum = await list(accreditation, token);
      expect(forum.total).toBe(2);
      // Newest thread first; the supplier's company (no anonymity), the citizen's name, the body's name.
      expect(forum.threads.map((m) => [m.authorKind, m.authorName])).toEqual([
        ["CITIZEN", "Eduardo Lima"],
        ["SUPPLIER", SUPPLIER_COMPANY],
      ]);
      const [reply] = forum.threads[1]?.replies ?? [];
      expect(reply).toMatchObject({ authorKind: "BODY", authorName: BODY_NAME });
      expect(forum.threads[1]?.text).toBe("O credenciamento aceita clínicas de outros municípios?");
    }
    const own = await list(accreditation, supplier);
    expect(own.threads[1]?.mine).toBe(true);
    expect([own.canPost, own.canReply]).toEqual([true, false]);
    const body = await list(accreditation, buyer);
    expect([body.canPost, body.canReply]).toEqual([true, true]);
    expect((await list(accreditation, otherBuyer)).canPost).toBe(false);

    // The author of the message is e-mailed the reply.
    const mail = mails.find((m) => m.to === SUPPLIER);
    expect(mail?.subject).toBe("Resposta no fórum de mensagens: CR 9/2026");
    expect(mail?.text).toContain("Sim, desde que atendam no município.");
    expect(mail?.text).toContain(`/forum-de-mensagens/${accreditation}`);
    const events = await listEvents(t.db, accreditation);
    expect(events.map((e) => e.eventType)).toEqual(
      expect.arrayContaining(["DIRECT_FORUM_MESSAGE_POSTED", "DIRECT_FORUM_REPLY_POSTED"]),
    );
  });

  it("the body posts a notice of its own; a mail failure never undoes a reply", async () => {
    clock.advance(1000);
    const notice = await post(buyer, { text: "Aviso: sessão de esclarecimento presencial dia 10." });
    expect(notice.statusCode).toBe(200);
    clock.advance(1000);
    const asked = await post(citizen, { text: "Haverá transmissão?" });
    mailFails = true;
    clock.advance(1000);
    try {
      const reply = await post(buyer, { text: "Sim.", parentId: asked.json().id });
      expect(reply.statusCode).toBe(200);
    } finally {
      mailFails = false;
    }
    const forum = await list(accreditation, citizen);
    expect(forum.threads[0]?.replies.map((r) => r.text)).toEqual(["Sim."]);
    expect(forum.threads[1]).toMatchObject({ authorKind: "BODY", authorName: BODY_NAME });
  });

  it("refuses forged, other notices' and nested replies, a supplier's reply, and who may not write", async () => {
    const { threads } = await list(accreditation, buyer);
    const supplierMessage = threads.find((m) => m.authorKind === "SUPPLIER") as ForumMessage;
    const reply = supplierMessage.replies[0] as ForumMessage;
    const other = await makeNotice(t, { status: "PUBLISHED", modality: "DIRECT_PRE_QUALIFICATION" });
    const elsewhere = await t.post(
      "/api/app/directForum/post",
      { auctionNoticeId: other.id, text: "Mensagem em outro processo" },
      supplier,
    );
    const cases: [string, Record<string, unknown>, number, string][] = [
      [supplier, { text: "Réplica", parentId: supplierMessage.id }, 403, FORUM_ONLY_BODY_REPLIES],
      [buyer, { text: "x", parentId: "00000000-0000-4000-8000-00000000dead" }, 404, FORUM_MESSAGE_NOT_FOUND],
      [buyer, { text: "x", parentId: elsewhere.json().id }, 404, FORUM_MESSAGE_NOT_FOUND],
      [buyer, { text: "x", parentId: reply.id }, 400, FORUM_REPLY_TO_MESSAGE],
      [planner, { text: "Sou da equipe de planejamento" }, 403, FORUM_NOT_AN_AUTHOR],
      [otherBuyer, { text: "Outro órgão" }, 403, FORUM_NOT_AN_AUTHOR],
    ];
    for (const [token, body, status, message] of cases) {
      const res = await post(token, body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const empty = await post(supplier, { text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().properties).toEqual([{ property: "text", errorMessages: ["Escreva a mensagem."] }]);
    expect((await post(supplier, { text: "x".repeat(2001) })).statusCode).toBe(400);
    expect((await post(supplier, { text: "x".repeat(2000) })).statusCode).toBe(200);
  });

  it("takes messages only while published or running; drafts are unknown outside their body", async () => {
    const finished = await makeNotice(t, { status: "FINISHED", modality: "DIRECT_WAIVER_FORMALIZATION" });
    const closed = await t.post(
      "/api/app/directForum/post",
      { auctionNoticeId: finished.id, text: "Ainda vale?" },
      supplier,
    );
    expect([closed.statusCode, closed.json().message]).toEqual([409, FORUM_CLOSED_MESSAGE]);
    expect((await list(finished.id, supplier)).open).toBe(false);

    const draft = await makeNotice(t, { modality: "DIRECT_ACCREDITATION" });
    for (const url of ["/api/app/directForum/list", "/api/app/directForum/post"])
      expect((await t.post(url, { auctionNoticeId: draft.id, text: "Olá" }, supplier)).statusCode).toBe(404);
    expect((await list(draft.id, buyer)).canPost).toBe(false);
    const onDraft = await t.post(
      "/api/app/directForum/post",
      { auctionNoticeId: draft.id, text: "x" },
      buyer,
    );
    expect([onDraft.statusCode, onDraft.json().message]).toEqual([409, FORUM_CLOSED_MESSAGE]);

    // Other modalities have no forum.
    const auction = await makeNotice(t, { status: "PUBLISHED" });
    expect(
      (await t.post("/api/app/directForum/list", { auctionNoticeId: auction.id }, supplier)).statusCode,
    ).toBe(400);
    // Signed-in users only.
    expect((await t.post("/api/app/directForum/list", { auctionNoticeId: accreditation })).statusCode).toBe(
      401,
    );
  });

  it("pages the threads, newest first, each with its replies", async () => {
    const notice = await makeNotice(t, { status: "ONGOING", modality: "DIRECT_PRE_QUALIFICATION" });
    const ids: string[] = [];
    for (let i = 1; i <= DIRECT_FORUM_PAGE_SIZE + 2; i++) {
      clock.advance(1000);
      const res = await t.post(
        "/api/app/directForum/post",
        { auctionNoticeId: notice.id, text: `Pergunta ${i}` },
        i % 2 ? supplier : citizen,
      );
      ids.push(res.json().id);
    }
    clock.advance(1000);
    await t.post(
      "/api/app/directForum/post",
      { auctionNoticeId: notice.id, text: "Resposta à primeira", parentId: ids[0] },
      buyer,
    );
    const first = await list(notice.id, citizen);
    expect(first.total).toBe(DIRECT_FORUM_PAGE_SIZE + 2);
    expect(first.threads.map((m) => m.text).slice(0, 2)).toEqual(["Pergunta 12", "Pergunta 11"]);
    expect(first.threads).toHaveLength(DIRECT_FORUM_PAGE_SIZE);
    const second = await list(notice.id, citizen, 2);
    expect(second.threads.map((m) => m.text)).toEqual(["Pergunta 2", "Pergunta 1"]);
    expect(second.threads[1]?.replies.map((r) => r.text)).toEqual(["Resposta à primeira"]);
  });
});

describe("the live pages of a direct procedure", () => {
  let url: string;
  const open: LiveClient[] = [];
  /** Registers on a direct procedure's pages; the REGISTERED data or the ERROR's text thrown. */
  const registerPages = async (c: LiveClient, noticeId: string, token?: string) => {
    c.send(LIVE_EVENTS.register, { token, auctionNoticeId: noticeId, scope: "DIRECT_PROCEDURE" });
    const reply = await c.next(["REGISTERED", "ERROR"]);
    if (reply.action === "ERROR") throw new Error(`ERROR: ${reply.data.message}`);
    return reply.data;
  };
  const client = async (token: string | undefined, noticeId = accreditation) => {
    const c = await LiveClient.open(url);
    open.push(c);
    await registerPages(c, noticeId, token);
    return c;
  };
  beforeAll(async () => {
    url = await t.listen();
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
  });

  it("register on a direct procedure's pages: signed-in users only, published direct procedures only, no room command", async () => {
    const state = (await client(buyer)).frames[0]?.data;
    expect(state).toMatchObject({
      roomRole: "BUYER",
      auctionNotice: { id: accreditation, batches: [] },
    });
    expect(typeof state.seq).toBe("number");
    const anonymous = await LiveClient.open(url);
    open.push(anonymous);
    await expect(registerPages(anonymous, accreditation)).rejects.toThrow(
      "Faça login para acompanhar este procedimento auxiliar.",
    );
    // The room itself stays refused for a direct procedure (the room's page goes back).
    await expect(anonymous.register(accreditation, buyer)).rejects.toThrow(
      "Não é possível acessar sala de negociação: esta modalidade não possui sala de negociação.",
    );
    // The pages' scope is for direct procedures only.
    const auction = await makeNotice(t, { status: "PUBLISHED" });
    await expect(registerPages(anonymous, auction.id, buyer)).rejects.toThrow(
      "Este processo não é um procedimento auxiliar.",
    );
    const c = await client(supplier3);
    c.send(LIVE_EVENTS.placeNewBid, { batchId: "00000000-0000-4000-8000-000000000001", value: 1 });
    expect((await c.reply()).data.message).toContain("não possui sala de negociação");
    // A draft is refused as a room's draft is.
    const draft = await makeNotice(t, { modality: "DIRECT_ACCREDITATION" });
    const d = await LiveClient.open(url);
    open.push(d);
    await expect(registerPages(d, draft.id, buyer)).rejects.toThrow("Processo não encontrado.");
  });

  it("a proposal sent and its decision reach the body's staff, not another supplier; a forum message reaches everyone", async () => {
    const body = await client(buyer);
    const other = await client(supplier3);
    const author = await client(supplier);
    const person = await client(citizen);

    const upload = await postMultipart(
      t,
      "/api/upload",
      supplier,
      {},
      {
        name: "proposta.pdf",
        bytes: PDF_BYTES,
        type: "application/pdf",
      },
    );
    const sent = await t.post(
      "/api/app/directProposal/send",
      { auctionNoticeId: accreditation, kind: "INITIAL_VALUES", url: upload.json().url },
      supplier,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const proposalId = sent.json().id as string;
    const frame = await body.next(DIRECT_LIVE_ACTIONS.proposalSent);
    expect(frame.data).toMatchObject({ auctionNoticeId: accreditation, proposalId });
    expect(typeof frame.seq).toBe("number");

    const decided = await t.post(
      "/api/app/directProposal/decide",
      { id: proposalId, decision: "APPROVED" },
      buyer,
    );
    expect(decided.statusCode).toBe(200);
    expect((await body.next(DIRECT_LIVE_ACTIONS.proposalDecided)).data.proposalId).toBe(proposalId);
    // The supplier the decision concerns is told too (its results page).
    expect((await author.next(DIRECT_LIVE_ACTIONS.proposalDecided)).data.proposalId).toBe(proposalId);

    const posted = await post(citizen, { text: "Mensagem ao vivo" });
    const messageId = posted.json().id as string;
    for (const c of [person, other, body, author])
      expect((await c.next(DIRECT_LIVE_ACTIONS.forumMessagePosted)).data.messageId).toBe(messageId);
    // Every frame before the forum message was delivered in order: the other supplier got no proposal.
    expect(other.frames.map((f) => f.action)).not.toContain(DIRECT_LIVE_ACTIONS.proposalSent);
    expect(other.frames.map((f) => f.action)).not.toContain(DIRECT_LIVE_ACTIONS.proposalDecided);
    expect(person.frames.map((f) => f.action)).not.toContain(DIRECT_LIVE_ACTIONS.proposalSent);
    expect(other.raw.join("")).not.toContain(proposalId);
  });
});
