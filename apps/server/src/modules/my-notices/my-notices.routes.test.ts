import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, makeNotice, OTHER_BUYER, PRODUCT, SUPPLIER } from "../../../test/notice-fixture";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { appealRounds, auctionBatches, bids, initialProposals, noticeParticipants } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";

// 'Meus editais' (issue 19 item 3): POST /api/app/auction/myNotices through HTTP on PostgreSQL.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock(Date.parse("2026-12-01T15:00:00Z"));
const now = () => clock.now().getTime();
/** A word only these tests' notices hold, so the demo notices stay out of the answers. */
const TAG = "Agendateste";

interface Row {
  id: string;
  noticeNumber: string;
  status: string;
  nextDeadline: { kind: string; label: string; at: string } | null;
  pendingActions: { kind: string; label: string; lotNumbers: number[]; dueAt: string | null }[];
}
interface Answer {
  auctionNotices: Row[];
  total: number;
  statusCounts: Record<string, number>;
}

let t: TestApp;
let supplier: string;
let buyer: string;
let otherBuyer: string;
let citizen: string;
const ids: Record<string, string> = {};

async function lot(
  noticeId: string,
  number: number,
  phase: typeof auctionBatches.$inferInsert.phase = "NOT_STARTED",
) {
  const [row] = await t.db
    .insert(auctionBatches)
    .values({
      auctionNoticeId: noticeId,
      number,
      item: 1,
      productId: PRODUCT(1),
      quantity: "10",
      referencePrice: 1000,
      phase,
    })
    .returning();
  return row as typeof auctionBatches.$inferSelect;
}

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  [supplier, buyer, otherBuyer, citizen] = await Promise.all([
    t.login(SUPPLIER),
    t.login(BUYER),
    t.login(OTHER_BUYER),
    t.login("cidadao@demo.com.br"),
  ]);
  const published = {
    status: "PUBLISHED" as const,
    proposalsStartDateTime: new Date(now() - DAY),
    proposalsEndDateTime: new Date(now() + 5 * DAY),
    startDateTime: new Date(now() + 5 * DAY),
    clarificationEndDateTime: new Date(now() + 2 * DAY),
  };
  // Open for proposals; the supplier registered but holds no bid yet.
  const open = await makeNotice(t, {
    ...published,
    noticeNumber: "MN 1/2026",
    objectOfInterest: `${TAG} aberto`,
  });
  await lot(open.id, 1);
  await t.db
    .insert(initialProposals)
    .values({ auctionNoticeId: open.id, supplierId: DEMO_IDS.supplier1, hasProposal: false });
  // In the appeal's intention window of lot 2, where the supplier bid.
  const appeal = await makeNotice(t, {
    ...published,
    noticeNumber: "MN 2/2026",
    objectOfInterest: `${TAG} recurso`,
  });
  await lot(appeal.id, 1, "AWARDING");
  const lot2 = await lot(appeal.id, 2, "DISPUTE_INTEREST_MANIFESTATION");
  await t.db
    .insert(noticeParticipants)
    .values({ auctionNoticeId: appeal.id, supplierId: DEMO_IDS.supplier1, anonymousNumber: 1 });
  await t.db.insert(bids).values({
    auctionNoticeId: appeal.id,
    batchId: lot2.id,
    supplierId: DEMO_IDS.supplier1,
    kind: "LIVE",
    unitPrice: 900,
  });
  await t.db.insert(appealRounds).values({
    auctionNoticeId: appeal.id,
    batchId: lot2.id,
    interestPhase: "DISPUTE_INTEREST_MANIFESTATION",
    openedAt: new Date(now() - HOUR),
    interestEndsAt: new Date(now() + HOUR),
  });
  // The supplier takes no part here; a draft of the body.
  const foreign = await makeNotice(t, {
    ...published,
    noticeNumber: "MN 3/2026",
    objectOfInterest: `${TAG} alheio`,
  });
  await lot(foreign.id, 1);
  const draft = await makeNotice(t, { noticeNumber: "MN 4/2026", objectOfInterest: `${TAG} rascunho` });
  // Even tied to a draft (as no screen can), a supplier never sees it.
  await t.db.insert(initialProposals).values({ auctionNoticeId: draft.id, supplierId: DEMO_IDS.supplier1 });
  Object.assign(ids, { open: open.id, appeal: appeal.id, foreign: foreign.id, draft: draft.id });
});
afterAll(() => t.close());

async function myNotices(token: string, body: Record<string, unknown> = {}) {
  const res = await t.post("/api/app/auction/myNotices", { searchParameters: TAG, ...body }, token);
  return { status: res.statusCode, body: res.json() as Answer };
}

describe("a supplier's notices", () => {
  it("lists only the processes it takes part in, with the next deadline and what it has to do", async () => {
    const { status, body } = await myNotices(supplier);
    expect(status).toBe(200);
    expect(body.auctionNotices.map((n) => n.noticeNumber).sort()).toEqual(["MN 1/2026", "MN 2/2026"]);
    const open = body.auctionNotices.find((n) => n.id === ids.open) as Row;
    expect(open.status).toBe("PUBLISHED");
    expect(open.nextDeadline).toEqual({
      kind: "CLARIFICATION_END",
      label: "Fim do prazo de esclarecimentos e impugnações",
      at: new Date(now() + 2 * DAY).toISOString(),
    });
    expect(open.pendingActions).toEqual([
      {
        kind: "SEND_PROPOSAL",
        label: "Enviar proposta inicial",
        lotNumbers: [],
        dueAt: new Date(now() + 5 * DAY).toISOString(),
      },
    ]);
    const appeal = body.auctionNotices.find((n) => n.id === ids.appeal) as Row;
    // Its lots left NOT_STARTED: the process runs.
    expect(appeal.status).toBe("ONGOING");
    expect(appeal.pendingActions.map((a) => [a.kind, a.lotNumbers])).toEqual([["MANIFEST_APPEAL", [2]]]);
    expect(appeal.nextDeadline).toMatchObject({
      kind: "MANIFEST_APPEAL",
      at: new Date(now() + HOUR).toISOString(),
    });
    // Drafts are neither listed nor counted for a supplier.
    expect(body.statusCounts).not.toHaveProperty("PENDING");
    expect(body.statusCounts.PUBLISHED).toBe(2);
  });

  it("the terms follow the clock: past the intention window nothing is asked", async () => {
    clock.advance(2 * HOUR);
    try {
      const { body } = await myNotices(supplier);
      const appeal = body.auctionNotices.find((n) => n.id === ids.appeal) as Row;
      expect(appeal.pendingActions).toEqual([]);
    } finally {
      clock.advance(-2 * HOUR);
    }
  });

  it("the search and the status filter narrow the list", async () => {
    expect(
      (await myNotices(supplier, { searchParameters: `${TAG} recurso` })).body.auctionNotices.map(
        (n) => n.id,
      ),
    ).toEqual([ids.appeal]);
    const finished = await myNotices(supplier, { statuses: ["FINISHED"] });
    expect(finished.body.auctionNotices).toEqual([]);
    expect(finished.body.total).toBe(0);
  });
});

describe("a buyer's notices", () => {
  it("lists its body's processes by state, drafts included, with what the body has to do", async () => {
    const { status, body } = await myNotices(buyer);
    expect(status).toBe(200);
    expect(body.auctionNotices.map((n) => n.noticeNumber).sort()).toEqual([
      "MN 1/2026",
      "MN 2/2026",
      "MN 3/2026",
      "MN 4/2026",
    ]);
    expect(body.statusCounts).toMatchObject({ PENDING: 1, PUBLISHED: 3 });
    const draft = body.auctionNotices.find((n) => n.id === ids.draft) as Row;
    expect(draft.pendingActions.map((a) => a.kind)).toEqual(["PUBLISH"]);
    const appeal = body.auctionNotices.find((n) => n.id === ids.appeal) as Row;
    expect(appeal.pendingActions.map((a) => [a.kind, a.lotNumbers])).toEqual([["AWARD", [1]]]);
    const drafts = await myNotices(buyer, { statuses: ["PENDING"] });
    expect(drafts.body.auctionNotices.map((n) => n.id)).toEqual([ids.draft]);
  });

  it("another body sees none of them", async () => {
    const { status, body } = await myNotices(otherBuyer);
    expect(status).toBe(200);
    expect(body.auctionNotices).toEqual([]);
  });
});

describe("refusals", () => {
  it("a citizen is refused; without a session, 401", async () => {
    const refused = await myNotices(citizen);
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { message: string }).message).toMatch(/Meus editais/);
    const anonymous = await t.post("/api/app/auction/myNotices", {});
    expect(anonymous.statusCode).toBe(401);
  });

  it("bad filters are a 400 naming the field", async () => {
    const res = await t.post("/api/app/auction/myNotices", { statuses: ["NOPE"], page: 0 }, supplier);
    expect(res.statusCode).toBe(400);
    const properties = (res.json() as { properties: { property: string }[] }).properties.map(
      (p) => p.property,
    );
    expect(properties).toEqual(expect.arrayContaining(["statuses.0", "page"]));
  });
});

describe("app/auction/list with supplierId (notices-and-accounts §7)", () => {
  it("narrows to the processes the supplier itself takes part in", async () => {
    const res = await t.post(
      "/api/app/auction/list",
      { supplierId: DEMO_IDS.supplier1, searchParameters: TAG },
      supplier,
    );
    expect(res.statusCode).toBe(200);
    const numbers = (res.json() as { auctionNotices: { noticeNumber: string }[] }).auctionNotices.map(
      (n) => n.noticeNumber,
    );
    expect(numbers.sort()).toEqual(["MN 1/2026", "MN 2/2026"]);
  });
});

describe("a direct procedure in 'Meus editais' (Lei 14.133/2021 arts. 79, 165)", () => {
  const DIRECT = "Diretoteste";
  const direct = async (token: string) => {
    const res = await t.post("/api/app/auction/myNotices", { searchParameters: DIRECT }, token);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Answer).auctionNotices;
  };

  it("the supplier that sent a proposal takes part; the body analyses it; a rejection opens the appeal's term", async () => {
    const notice = await makeNotice(t, {
      status: "PUBLISHED",
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "CR 5/2026",
      objectOfInterest: `${DIRECT} credenciamento`,
      proposalsStartDateTime: new Date(now() - DAY),
      proposalsEndDateTime: new Date(now() + 30 * DAY),
    });
    expect(await direct(supplier)).toEqual([]);
    const uploaded = await postMultipart(
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
      { auctionNoticeId: notice.id, kind: "INITIAL_VALUES", url: uploaded.json().url },
      supplier,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await direct(supplier)).map((n) => [n.noticeNumber, n.pendingActions])).toEqual([
      ["CR 5/2026", []],
    ]);
    const [forBody] = await direct(buyer);
    expect(forBody?.pendingActions.map((a) => a.kind)).toEqual(["ANALYSE_PROPOSALS"]);

    const decided = await t.post(
      "/api/app/directProposal/decide",
      { id: sent.json().id, decision: "REJECTED", reason: "Tabela sem assinatura." },
      buyer,
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await direct(buyer))[0]?.pendingActions).toEqual([]);
    const [mine] = await direct(supplier);
    // Tuesday 1/12 + 3 business days: Friday 4/12, end of the day in Brasília.
    expect(mine?.pendingActions).toEqual([
      { kind: "FILE_APPEAL", label: "Interpor recurso", lotNumbers: [], dueAt: "2026-12-05T02:59:59.999Z" },
    ]);

    const appealed = await t.post(
      "/api/app/directAppeal/file",
      { proposalId: sent.json().id, text: "A tabela foi assinada digitalmente." },
      supplier,
    );
    expect(appealed.statusCode, appealed.body).toBe(200);
    expect((await direct(supplier))[0]?.pendingActions).toEqual([]);
    // No other party: the body judges it at once.
    expect((await direct(buyer))[0]?.pendingActions.map((a) => a.kind)).toEqual(["JUDGE_APPEALS"]);
  });
});
