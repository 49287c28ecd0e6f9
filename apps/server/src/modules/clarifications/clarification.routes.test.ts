import { clarificationDeadlineMessage, clarificationRequestDeadline } from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUYER, makeNotice, OTHER_BUYER, SUPPLIER } from "../../../test/notice-fixture";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionNoticeStaff, auctionNotices } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { listEvents } from "../../events/event-log.repository";
import type { MailMessage } from "../../integrations/mail/mailer";

// Lei 14.133/2021 art. 164 (issue 19 item 1). Times: a session on Monday 23/11/2026 09:00 Brasília,
// so requests close on Tuesday 17/11/2026 (20/11 is a national holiday).
const SESSION = new Date("2026-11-23T12:00:00.000Z");
const BEFORE_DEADLINE = new Date("2026-11-17T20:00:00.000Z");
const AFTER_DEADLINE = new Date("2026-11-18T12:00:00.000Z");

const CITIZEN = "cidadao@demo.com.br";
const RESTRICTED = "planejamento@demo.gov.br";

const clock = new TestClock(BEFORE_DEADLINE.getTime());
const sent: MailMessage[] = [];
let t: TestApp;
let buyer: string;
let other: string;
let supplier: string;
let citizen: string;
let restricted: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    mailer: {
      send: async (message) => {
        sent.push(message);
        return `<${sent.length}@test>`;
      },
    },
  });
  await loginAll();
});

/** Sessions live by the app's clock: after moving it past their idle time, sign in again. */
async function loginAll() {
  const login = (email: string) => t.login(email);
  [buyer, other, supplier, citizen, restricted] = [
    await login(BUYER),
    await login(OTHER_BUYER),
    await login(SUPPLIER),
    await login(CITIZEN),
    await login(RESTRICTED),
  ];
}
afterAll(() => t.close());
beforeEach(async () => {
  const moved = clock.now().getTime() !== BEFORE_DEADLINE.getTime();
  clock.set(BEFORE_DEADLINE);
  if (moved) await loginAll();
  sent.length = 0;
});

/** A published notice of the demo body, its session on SESSION, Marina Albuquerque its auctioneer. */
async function publishedNotice(values: Parameters<typeof makeNotice>[1] = {}) {
  const notice = await makeNotice(t, { status: "PUBLISHED", startDateTime: SESSION, ...values });
  if (notice.buyerId === DEMO_IDS.buyer)
    await t.db
      .insert(auctionNoticeStaff)
      .values({ auctionNoticeId: notice.id, staffId: DEMO_IDS.staffAuctioneer, assignment: "AUCTIONEER" });
  return notice;
}

const ask = (noticeId: string, token: string, extra: object = {}) =>
  t.post(
    "/api/app/clarification/create",
    {
      auctionNoticeId: noticeId,
      kind: "CLARIFICATION",
      text: "O item 2 aceita monitor de 23 polegadas?",
      ...extra,
    },
    token,
  );
const list = (noticeId: string, kind: "CLARIFICATION" | "CHALLENGE", token?: string) =>
  t.post("/api/public/clarification/list", { auctionNoticeId: noticeId, kind }, token);

const BOUNDARY = "----clarification-test";
async function upload(token: string, name: string, content: Buffer, type = "application/pdf") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/upload",
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      authorization: `Bearer ${token}`,
    },
  });
  return res;
}
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

describe("clarifications (Lei 14.133/2021 art. 164)", () => {
  it("a citizen asks, the auctioneer is e-mailed, answers, the requester is e-mailed and the answer is public", async () => {
    const notice = await publishedNotice();
    const created = await ask(notice.id, citizen);
    expect(created.statusCode, created.body).toBe(200);
    // Asked on Tuesday 17/11: the answer is due Monday 23/11 (Wed 18, Thu 19, [Fri 20 holiday], Mon 23).
    expect(created.json()).toMatchObject({ status: "PENDING", answerDueAt: "2026-11-24T02:59:59.999Z" });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ["pregoeiro@demo.gov.br", `Novo pedido de esclarecimento no edital ${notice.noticeNumber}`],
    ]);
    expect(sent[0]?.text).toContain("23/11/2026");

    // Pending: the public does not see it; the requester sees its own; the body sees who asked.
    expect((await list(notice.id, "CLARIFICATION")).json().items).toEqual([]);
    expect((await list(notice.id, "CLARIFICATION", citizen)).json().items).toMatchObject([
      { status: "PENDING", mine: true, requesterName: null },
    ]);
    const forBody = (await list(notice.id, "CLARIFICATION", buyer)).json();
    expect(forBody).toMatchObject({ canAnswer: true, canRequest: false, requestOpen: true });
    expect(forBody.items).toMatchObject([{ status: "PENDING", requesterName: "Eduardo Lima" }]);

    sent.length = 0;
    const answered = await t.post(
      "/api/app/clarification/answer",
      { id: created.json().id, answer: "Sim, desde que atenda às demais especificações." },
      buyer,
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ["cidadao@demo.com.br", `Resposta ao seu pedido de esclarecimento — edital ${notice.noticeNumber}`],
    ]);
    const publicList = (await list(notice.id, "CLARIFICATION")).json();
    expect(publicList.requestDeadline).toBe("2026-11-18T02:59:59.999Z");
    expect(publicList.items).toMatchObject([
      {
        status: "ANSWERED",
        text: "O item 2 aceita monitor de 23 polegadas?",
        answer: "Sim, desde que atenda às demais especificações.",
        requesterName: null,
        mine: false,
      },
    ]);
    const events = (await listEvents(t.db, notice.id)).map((e) => e.eventType);
    expect(events).toEqual(["CLARIFICATION_REQUESTED", "CLARIFICATION_ANSWERED"]);
  });

  it("refuses a challenge past the deadline, naming the last allowed day", async () => {
    const notice = await publishedNotice();
    clock.set(AFTER_DEADLINE);
    await loginAll();
    const res = await ask(notice.id, supplier, {
      kind: "CHALLENGE",
      text: "A exigência do item 4 restringe a competição.",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      clarificationDeadlineMessage("CHALLENGE", clarificationRequestDeadline(SESSION)),
    );
    expect(res.json().message).toContain("17/11/2026");
    expect((await list(notice.id, "CHALLENGE", supplier)).json()).toMatchObject({
      requestOpen: false,
      canRequest: false,
      items: [],
    });
  });

  it("an upheld challenge may suspend the notice through its lifecycle; the decision is required", async () => {
    const notice = await publishedNotice();
    const filed = await ask(notice.id, supplier, {
      kind: "CHALLENGE",
      text: "O prazo de entrega é inexequível.",
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = filed.json().id;
    const noDecision = await t.post("/api/app/clarification/answer", { id, answer: "Análise" }, buyer);
    expect(noDecision.statusCode).toBe(400);
    expect(noDecision.json().properties[0].property).toBe("decision");
    const deniedSuspends = await t.post(
      "/api/app/clarification/answer",
      { id, answer: "Improcedente", decision: "DENIED", suspendNotice: true },
      buyer,
    );
    expect(deniedSuspends.statusCode).toBe(400);
    expect(deniedSuspends.json().properties[0].property).toBe("suspendNotice");

    const upheld = await t.post(
      "/api/app/clarification/answer",
      {
        id,
        answer: "Procedente: o prazo será revisto e o edital republicado.",
        decision: "UPHELD",
        suspendNotice: true,
      },
      buyer,
    );
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json()).toMatchObject({ decision: "UPHELD", noticeStatus: "SUSPENDED_INDEFINITELY" });
    const [row] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, notice.id));
    expect(row?.status).toBe("SUSPENDED_INDEFINITELY");
    const events = (await listEvents(t.db, notice.id)).map((e) => e.eventType);
    expect(events).toEqual(["CHALLENGE_FILED", "CHALLENGE_JUDGED", "NOTICE_SUSPENDED"]);
    expect(sent.at(-1)?.text).toContain("foi julgada: Deferida");
    expect((await list(notice.id, "CHALLENGE")).json().items).toMatchObject([{ decision: "UPHELD" }]);
    // The suspended notice takes no more requests.
    expect((await ask(notice.id, citizen)).statusCode).toBe(409);
    // Answered once only.
    const again = await t.post(
      "/api/app/clarification/answer",
      { id, answer: "De novo", decision: "DENIED" },
      buyer,
    );
    expect(again.statusCode).toBe(409);
  });

  it("a denied challenge keeps the notice published", async () => {
    const notice = await publishedNotice();
    const id = (await ask(notice.id, citizen, { kind: "CHALLENGE", text: "Impugno a cláusula 7." })).json()
      .id;
    const denied = await t.post(
      "/api/app/clarification/answer",
      { id, answer: "A cláusula segue o art. 40.", decision: "DENIED" },
      buyer,
    );
    expect(denied.json()).toMatchObject({ decision: "DENIED", noticeStatus: "PUBLISHED" });
  });
});

describe("who may ask and answer", () => {
  it("refuses a buyer asking, other bodies, suppliers and restricted profiles answering, and forged ids", async () => {
    const notice = await publishedNotice();
    expect((await ask(notice.id, buyer)).statusCode).toBe(403);
    const id = (await ask(notice.id, supplier)).json().id;
    expect((await t.post("/api/app/clarification/answer", { id, answer: "x" }, other)).statusCode).toBe(404);
    expect((await t.post("/api/app/clarification/answer", { id, answer: "x" }, supplier)).statusCode).toBe(
      403,
    );
    expect((await t.post("/api/app/clarification/answer", { id, answer: "x" }, citizen)).statusCode).toBe(
      403,
    );
    expect((await t.post("/api/app/clarification/answer", { id, answer: "x" }, restricted)).statusCode).toBe(
      403,
    );
    const forged = "00000000-0000-4000-8000-00000000dead";
    expect(
      (await t.post("/api/app/clarification/answer", { id: forged, answer: "x" }, buyer)).statusCode,
    ).toBe(404);
    expect((await ask(forged, supplier)).statusCode).toBe(404);
    expect((await list(forged, "CLARIFICATION")).statusCode).toBe(404);
    // Another body's staff does not see the pending request nor who asked.
    expect((await list(notice.id, "CLARIFICATION", other)).json()).toMatchObject({
      canAnswer: false,
      items: [],
    });
    // Still pending: nothing was written by the refused answers.
    expect((await list(notice.id, "CLARIFICATION", buyer)).json().items).toMatchObject([
      { status: "PENDING" },
    ]);
  });

  it("a draft notice is unknown to requesters and to other bodies", async () => {
    const draft = await makeNotice(t, { status: "PENDING", startDateTime: SESSION });
    expect((await ask(draft.id, supplier)).statusCode).toBe(404);
    expect((await list(draft.id, "CLARIFICATION", other)).statusCode).toBe(404);
    const otherDraft = await makeNotice(t, {
      buyerId: DEMO_IDS.otherBuyer,
      status: "PENDING",
      startDateTime: SESSION,
    });
    expect((await list(otherDraft.id, "CLARIFICATION", buyer)).statusCode).toBe(404);
  });

  it("/esclarecimentos lists the body's requests with state and due date, and a requester's own", async () => {
    const notice = await publishedNotice();
    const id = (await ask(notice.id, citizen, { text: "Pergunta para a lista" })).json().id;
    clock.set(new Date("2026-11-25T12:00:00.000Z")); // past the answer's due day (23/11)
    await loginAll();
    const body = (await t.post("/api/app/clarification/mine", { status: "PENDING" }, buyer)).json();
    expect(body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      noticeNumber: notice.noticeNumber,
      status: "PENDING",
      overdue: true,
      requesterName: "Eduardo Lima",
      answerDueAt: "2026-11-24T02:59:59.999Z",
    });
    const mine = (await t.post("/api/app/clarification/mine", {}, citizen)).json();
    expect(mine.items.some((i: { id: string }) => i.id === id)).toBe(true);
    expect(mine.items.every((i: { requesterName: string | null }) => i.requesterName === null)).toBe(true);
    const otherBody = (await t.post("/api/app/clarification/mine", {}, other)).json();
    expect(otherBody.items.some((i: { id: string }) => i.id === id)).toBe(false);
    const supplierOwn = (await t.post("/api/app/clarification/mine", {}, supplier)).json();
    expect(supplierOwn.items.some((i: { id: string }) => i.id === id)).toBe(false);
  });
});

describe("attachments: optional PDFs within the uploads module's limits", () => {
  it("attaches the requester's PDF, public once answered; refuses a PNG, another user's file and a 31 MB upload", async () => {
    const notice = await publishedNotice();
    const png = await upload(citizen, "foto.png", PNG, "image/png");
    expect(png.statusCode).toBe(200);
    const withPng = await ask(notice.id, citizen, { fileId: png.json().id });
    expect(withPng.statusCode).toBe(400);
    expect(withPng.json().properties).toEqual([{ property: "fileId", errorMessages: [expect.any(String)] }]);
    const othersPdf = await upload(supplier, "alheio.pdf", PDF);
    expect((await ask(notice.id, citizen, { fileId: othersPdf.json().id })).statusCode).toBe(400);
    const big = await upload(
      citizen,
      "grande.pdf",
      Buffer.concat([PDF, Buffer.alloc(31 * 1024 * 1024, 0x20)]),
    );
    expect(big.statusCode).toBe(413);

    const pdf = await upload(citizen, "pedido.pdf", PDF);
    const created = await ask(notice.id, citizen, { fileId: pdf.json().id });
    expect(created.statusCode, created.body).toBe(200);
    const fileUrl = `/api/public/clarification/file/${pdf.json().id}`;
    expect((await t.app.inject({ method: "GET", url: fileUrl })).statusCode).toBe(404);
    const answerPdf = await upload(buyer, "resposta.pdf", PDF);
    const answered = await t.post(
      "/api/app/clarification/answer",
      { id: created.json().id, answer: "Respondido no anexo.", fileId: answerPdf.json().id },
      buyer,
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const item = (await list(notice.id, "CLARIFICATION"))
      .json()
      .items.find((i: { id: string }) => i.id === created.json().id);
    expect(item).toMatchObject({ file: { name: "pedido.pdf" }, answerFile: { name: "resposta.pdf" } });
    const publicFile = await t.app.inject({ method: "GET", url: fileUrl });
    expect(publicFile.statusCode).toBe(200);
    expect(publicFile.rawPayload.equals(PDF)).toBe(true);
  });
});
