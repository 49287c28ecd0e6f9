import { DIRECT_LIVE_ACTIONS, LIVE_EVENTS } from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { BUYER, makeNotice, OTHER_BUYER, SUPPLIER } from "../../../test/notice-fixture";
import { PDF_BYTES, postMultipart } from "../../../test/notice-helpers";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { listEvents } from "../../events/event-log.repository";

// Appeals in the direct procedures (Lei 14.133/2021 art. 165; notices-and-accounts §2.3
// DIRECT_ACCREDITATION and DIRECT_PRE_QUALIFICATION cards; issue 19 item 2), through HTTP on PostgreSQL.

const DAY = 86_400_000;
// Tuesday 1/12/2026 12:00 Brasília.
const clock = new TestClock(Date.parse("2026-12-01T15:00:00Z"));
const now = () => clock.now().getTime();

let t: TestApp;
let a: string; // fornecedor1
let b: string; // fornecedor3
let c: string; // fornecedor2
let buyer: string;
let otherBuyer: string;
let citizen: string;
let accreditation: string;
const mails: { to: string; subject: string; text: string }[] = [];

async function upload(token: string) {
  const res = await postMultipart(
    t,
    "/api/upload",
    token,
    {},
    {
      name: "razoes.pdf",
      bytes: PDF_BYTES,
      type: "application/pdf",
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { url: string; id?: string }).url;
}
const fileIdOf = (url: string) => url.split("/").pop() as string;

async function sendProposal(token: string, notice = accreditation) {
  const res = await t.post(
    "/api/app/directProposal/send",
    { auctionNoticeId: notice, kind: "INITIAL_VALUES", url: await upload(token) },
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

async function decide(id: string, decision: "APPROVED" | "REJECTED") {
  const res = await t.post(
    "/api/app/directProposal/decide",
    { id, decision, reason: decision === "REJECTED" ? "Planilha sem assinatura." : null },
    buyer,
  );
  expect(res.statusCode, res.body).toBe(200);
}

interface AppealList {
  canJudge: boolean;
  appealable: { proposalId: string; subject: string; deadline: string }[];
  appeals: {
    id: string;
    subject: string;
    appellantName: string;
    status: string;
    decision: string | null;
    canCounter: boolean;
    counterArgument: string | null;
    judgeRefusal: string | null;
    file: { id: string; name: string } | null;
  }[];
}
const list = async (token: string, notice = accreditation) => {
  const res = await t.post("/api/app/directAppeal/list", { auctionNoticeId: notice }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AppealList;
};

let rejectedOfA: string;
let approvedOfB: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: clock.now,
    mailer: {
      send: async (message) => {
        mails.push(message as (typeof mails)[number]);
        return `<${mails.length}@test>`;
      },
    },
  });
  [a, b, c, buyer, otherBuyer, citizen] = await Promise.all([
    t.login(SUPPLIER),
    t.login("fornecedor3@demo.com.br"),
    t.login("fornecedor2@demo.com.br"),
    t.login(BUYER),
    t.login(OTHER_BUYER),
    t.login("cidadao@demo.com.br"),
  ]);
  accreditation = (
    await makeNotice(t, {
      status: "PUBLISHED",
      modality: "DIRECT_ACCREDITATION",
      subModality: "HIRING_SERVICES",
      noticeNumber: "CR 9/2026",
      proposalsStartDateTime: new Date(now() - DAY),
      proposalsEndDateTime: new Date(now() + 30 * DAY),
    })
  ).id;
  rejectedOfA = await sendProposal(a);
  approvedOfB = await sendProposal(b);
  await decide(rejectedOfA, "REJECTED");
  await decide(approvedOfB, "APPROVED");
});
afterAll(() => t.close());

describe("filing an appeal (art. 165 I)", () => {
  it("a participant sees the decisions it may appeal against: its own rejection and another's approval", async () => {
    const mine = await list(a);
    expect(mine.appealable.map((d) => d.proposalId).sort()).toEqual([rejectedOfA, approvedOfB].sort());
    // Friday 4/12 ends the term: 3 business days after Tuesday 1/12.
    expect(mine.appealable[0]?.deadline).toBe("2026-12-05T02:59:59.999Z");
    expect(mine.canJudge).toBe(false);
    // B's approval is nothing B may appeal; A's rejection is not B's either.
    expect((await list(b)).appealable).toEqual([]);
    // C sent no proposal: no standing.
    expect((await list(c)).appealable).toEqual([]);
  });

  it("refuses the wrong people, forged ids and bad input", async () => {
    expect(
      (await t.post("/api/app/directAppeal/file", { proposalId: approvedOfB, text: "x" }, citizen))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.post("/api/app/directAppeal/file", { proposalId: approvedOfB, text: "x" }, buyer)).statusCode,
    ).toBe(403);
    const forged = await t.post(
      "/api/app/directAppeal/file",
      { proposalId: "00000000-0000-4000-8000-000000000000", text: "x" },
      a,
    );
    expect(forged.statusCode).toBe(404);
    const empty = await t.post("/api/app/directAppeal/file", { proposalId: approvedOfB, text: "  " }, a);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().properties[0]).toEqual({
      property: "text",
      errorMessages: ["Escreva as razões do recurso."],
    });
    const notPart = await t.post("/api/app/directAppeal/file", { proposalId: approvedOfB, text: "x" }, c);
    expect(notPart.statusCode).toBe(409);
    expect(notPart.json().message).toBe(
      "Só fornecedores que enviaram proposta neste procedimento podem recorrer.",
    );
    // Someone else's file is not an attachment of A's.
    const bFile = fileIdOf(await upload(b));
    const stolen = await t.post(
      "/api/app/directAppeal/file",
      { proposalId: approvedOfB, text: "x", fileId: bFile },
      a,
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().properties[0].property).toBe("fileId");
    expect((await list(a)).appeals).toEqual([]);
  });

  it("A appeals against B's approval with a PDF; B and the auctioneer are e-mailed; once only", async () => {
    mails.length = 0;
    const fileId = fileIdOf(await upload(a));
    const res = await t.post(
      "/api/app/directAppeal/file",
      { proposalId: approvedOfB, text: "A proposta de B não atende ao item 3 do edital.", fileId },
      a,
    );
    expect(res.statusCode, res.body).toBe(200);
    const seen = (await list(citizen)).appeals;
    expect(seen).toHaveLength(1);
    expect(seen[0]?.subject).toContain("a aprovação de 'Proposta inicial de valores' de");
    expect(seen[0]?.file?.name).toBe("razoes.pdf");
    expect(mails.some((m) => m.subject === "Recurso interposto no processo CR 9/2026")).toBe(true);
    const toB = mails.find((m) => m.text.includes("contrarrazões até"));
    expect(toB?.text).toContain("contrarrazões até 04/12/2026");
    const again = await t.post("/api/app/directAppeal/file", { proposalId: approvedOfB, text: "de novo" }, a);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Você já interpôs recurso contra esta decisão.");
    const events = await listEvents(t.db, accreditation);
    expect(events.map((e) => e.eventType)).toContain("DIRECT_APPEAL_FILED");
    // Its PDF is readable by a signed-in user, as the appeal itself.
    const download = await t.post("/api/app/directAppeal/download", { id: fileId }, citizen);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
  });
});

describe("counter-arguments and the judgement (art. 165 §§ 2, 4)", () => {
  it("the body may not judge before B answered or its term ended", async () => {
    const [appeal] = (await list(buyer)).appeals;
    expect(appeal?.judgeRefusal).toBe(
      "Aguarde as contrarrazões: o prazo termina em 04/12/2026 (Lei 14.133/2021, art. 165, § 4º).",
    );
    const early = await t.post(
      "/api/app/directAppeal/judge",
      { id: appeal?.id, decision: "UPHELD", reasoning: "Procede." },
      buyer,
    );
    expect(early.statusCode).toBe(409);
  });

  it("only B answers, once", async () => {
    const [appeal] = (await list(b)).appeals;
    expect(appeal?.canCounter).toBe(true);
    expect((await list(c)).appeals[0]?.canCounter).toBe(false);
    const byC = await t.post("/api/app/directAppeal/counter", { id: appeal?.id, text: "Não." }, c);
    expect(byC.statusCode).toBe(403);
    const res = await t.post(
      "/api/app/directAppeal/counter",
      { id: appeal?.id, text: "A proposta atende: ver a página 4." },
      b,
    );
    expect(res.statusCode, res.body).toBe(200);
    const twice = await t.post("/api/app/directAppeal/counter", { id: appeal?.id, text: "Mais." }, b);
    expect(twice.statusCode).toBe(409);
    expect((await list(a)).appeals[0]?.counterArgument).toBe("A proposta atende: ver a página 4.");
  });

  it("another body cannot judge it; an upheld appeal rejects B's approval in the same commit", async () => {
    const [appeal] = (await list(buyer)).appeals;
    expect(appeal?.judgeRefusal).toBeNull();
    const other = await t.post(
      "/api/app/directAppeal/judge",
      { id: appeal?.id, decision: "UPHELD", reasoning: "x" },
      otherBuyer,
    );
    expect(other.statusCode).toBe(404);
    const missing = await t.post("/api/app/directAppeal/judge", { id: appeal?.id, reasoning: "x" }, buyer);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().properties[0].property).toBe("decision");
    mails.length = 0;
    // The body's analysis page and B's results page are open on the live channel.
    const url = await t.listen();
    const pages = await Promise.all(
      [buyer, b, citizen].map(async (token) => {
        const c = await LiveClient.open(url);
        c.send(LIVE_EVENTS.register, { token, auctionNoticeId: accreditation, scope: "DIRECT_PROCEDURE" });
        expect((await c.next(["REGISTERED", "ERROR"])).action).toBe("REGISTERED");
        return c;
      }),
    );
    const res = await t.post(
      "/api/app/directAppeal/judge",
      { id: appeal?.id, decision: "UPHELD", reasoning: "O item 3 não foi atendido." },
      buyer,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ decision: "UPHELD", proposalStatus: "REJECTED" });
    // The reversed decision reaches the body and B as any decision does; the judgement every page.
    const [bodyPage, bPage, citizenPage] = pages as [LiveClient, LiveClient, LiveClient];
    for (const page of [bodyPage, bPage]) {
      const frame = await page.next([DIRECT_LIVE_ACTIONS.proposalDecided]);
      expect(frame.data).toMatchObject({ proposalId: approvedOfB });
    }
    for (const page of pages) {
      const frame = await page.next([DIRECT_LIVE_ACTIONS.appealUpdated]);
      expect(frame.data).toMatchObject({ appealId: appeal?.id });
      await page.close();
    }
    expect(citizenPage.frames.some((f) => f.action === DIRECT_LIVE_ACTIONS.proposalDecided)).toBe(false);
    const proposals = (
      await t.post("/api/app/directProposal/list", { auctionNoticeId: accreditation }, buyer)
    ).json() as { proposals: { id: string; status: string; reason: string | null }[] };
    expect(proposals.proposals.find((p) => p.id === approvedOfB)).toMatchObject({
      status: "REJECTED",
      reason: "Aprovação revista em recurso: O item 3 não foi atendido.",
    });
    expect((await list(citizen)).appeals[0]).toMatchObject({ status: "JUDGED", decision: "UPHELD" });
    expect(mails.filter((m) => m.subject === "Recurso julgado no processo CR 9/2026")).toHaveLength(2);
    const again = await t.post(
      "/api/app/directAppeal/judge",
      { id: appeal?.id, decision: "DENIED", reasoning: "x" },
      buyer,
    );
    expect(again.statusCode).toBe(409);
  });

  it("the reversed decision is a new act: B may now appeal against its rejection", async () => {
    const forB = await list(b);
    expect(forB.appealable.map((d) => d.proposalId)).toEqual([approvedOfB]);
  });

  it("an appeal against one's own rejection is judged at once (no other party); upheld approves it", async () => {
    const res = await t.post(
      "/api/app/directAppeal/file",
      { proposalId: rejectedOfA, text: "A planilha foi assinada digitalmente." },
      a,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: string };
    const judged = await t.post(
      "/api/app/directAppeal/judge",
      { id, decision: "UPHELD", reasoning: "Assinatura digital válida." },
      buyer,
    );
    expect(judged.statusCode, judged.body).toBe(200);
    expect(judged.json().proposalStatus).toBe("APPROVED");
  });
});

describe("terms and procedures", () => {
  it("a late appeal is refused naming the last day", async () => {
    const late = await sendProposal(c);
    await decide(late, "REJECTED");
    clock.advance(5 * DAY); // Sunday 6/12
    // Sessions expire after days of idleness: sign in again at the new time.
    [a, c] = await Promise.all([t.login(SUPPLIER), t.login("fornecedor2@demo.com.br")]);
    const res = await t.post("/api/app/directAppeal/file", { proposalId: late, text: "Tarde." }, c);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "O prazo para recorrer desta decisão terminou em 04/12/2026 (3 dias úteis após a decisão; Lei 14.133/2021, art. 165, I).",
    );
  });

  it("a direct waiver formalization has no appeals (§2.3); a draft is not known", async () => {
    const waiver = await makeNotice(t, { status: "PUBLISHED", modality: "DIRECT_WAIVER_FORMALIZATION" });
    const res = await t.post("/api/app/directAppeal/list", { auctionNoticeId: waiver.id }, a);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Este procedimento não recebe recursos.");
    const draft = await makeNotice(t, { modality: "DIRECT_ACCREDITATION" });
    expect((await t.post("/api/app/directAppeal/list", { auctionNoticeId: draft.id }, a)).statusCode).toBe(
      404,
    );
  });
});
