// Issue 19 item 5 (Lei 14.133 arts. 71 and 94): what the national portal hears of the electronic
// trading room — a lot homologated in the room sends its winner's result with the room's values
// (manual 6.3.15), a failed lot its items' situation (6.3.12), a revocation a rectification of the
// contracting (6.3.2, situação 2). The demo room over real WebSockets and PostgreSQL, against the
// local fake of the portal that validates the payloads; the test clock instead of waiting.
import { CONTROL_EVENTS } from "@certame/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_PNCP_LOGIN,
  FAKE_PNCP_PASSWORD,
  type FakePncpPublishing,
  type FakePurchase,
  startFakePncpPublishing,
} from "../../../test/fake-pncp-publishing";
import { LiveClient } from "../../../test/live-client";
import { attach } from "../../../test/notice-helpers";
import {
  act,
  advance,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { auctionNotices, pncpPublicationJobs } from "../../db/schema";
import { HttpPncpPublisher } from "../../integrations/pncp/pncp-publisher";

const MINUTE = 60_000;
type Who = Party | "authority";

let portal: FakePncpPublishing;
let clock: TestClock;
let t: TestApp;
let p: Record<Who, RoomParty>;
let lots: Record<number, string>;
let channels: Record<number, string>;

const jobs = () =>
  t.db
    .select()
    .from(pncpPublicationJobs)
    .where(eq(pncpPublicationJobs.auctionNoticeId, ROOM))
    .orderBy(pncpPublicationJobs.seq);
const run = () => t.app.pncpPublication.worker.runDue();
/** The room's contracting on the portal (the latest: each test room sends its own). */
const purchase = () => portal.purchases.findLast((x) => x.compra.numeroCompra === "PE 08") as FakePurchase;

/** Moves a lot as the auctioneer and waits for the citizen's frame of the move. */
async function move(lot: number, nextPhase: string) {
  await advance(p.auctioneer.c, [lots[lot] as string], nextPhase);
  await p.citizen.c.next(
    "PHASE_ADVANCED",
    (d) => d.newPhase === nextPhase && d.batchesIds.includes(lots[lot]),
  );
}

/** PUBLIC_SESSION, BIDDING (no new bid) and, at the bidding's due time, NEGOTIATION. */
async function toNegotiation(lot: number) {
  await advance(p.auctioneer.c, [lots[lot] as string], "PUBLIC_SESSION");
  await advance(p.auctioneer.c, [lots[lot] as string], "BIDDING");
  const bidding = await p.citizen.c.next(
    "PHASE_ADVANCED",
    (d) => d.newPhase === "BIDDING" && d.batchesIds.includes(lots[lot]),
  );
  clock.set(Date.parse(bidding.data.batches[0].biddingPhaseDueDateTime));
  await t.runDueTimers();
  await p.citizen.c.next(
    "PHASE_ADVANCED",
    (d) => d.newPhase === "NEGOTIATION" && d.batchesIds.includes(lots[lot]),
  );
}

const control = (who: Who, event: string, lot: number, reason: string) =>
  act(p[who].c, event, { batchId: lots[lot], chatChannelId: channels[lot], reason });

/** A fresh demo room (its own database) sent to the portal as a publication would send it. */
async function roomOnPortal(beforePublication?: () => Promise<unknown>) {
  clock = new TestClock();
  t = await createTestApp({
    clock: clock.now,
    pncpPublisher: new HttpPncpPublisher(portal.url, {
      login: FAKE_PNCP_LOGIN,
      password: FAKE_PNCP_PASSWORD,
    }),
  });
  const url = await t.listen();
  const parties = await openParties(t, url);
  const token = await t.login("autoridade@demo.gov.br");
  const c = await LiveClient.open(url);
  p = { ...parties, authority: { c, state: await c.register(ROOM, token) } };
  lots = await roomLots(t);
  const batches = p.auctioneer.state.auctionNotice.batches as {
    number: number;
    chatChannel: { id: string };
  }[];
  channels = Object.fromEntries(batches.map((b) => [b.number, b.chatChannel.id]));
  // The demo room (PE 08/2026) was seeded as published: it goes to the portal as a publication would.
  await attach(t, await t.login("pregoeiro@demo.gov.br"), ROOM);
  await beforePublication?.();
  await t.db.transaction((tx) => t.app.pncpPublication.service.onPublished(tx, ROOM));
  await run();
  expect(purchase().compra.itensCompra.map((i) => i.numeroItem)).toEqual([1, 2, 3]);
}

async function closeRoom() {
  if (p) await closeParties(p);
  await t?.close();
}

beforeAll(async () => {
  // The demo body's unit in the portal, the platform authorised for its CNPJ (6.2.6, 6.1.3).
  portal = await startFakePncpPublishing({
    units: {
      "12345678000195": [{ codigoUnidade: "1", nomeUnidade: "Secretaria Municipal de Administração" }],
    },
    authorisedCnpjs: ["12345678000195"],
  });
  await roomOnPortal();
});
afterAll(async () => {
  await closeRoom();
  await portal?.close();
});

describe("the room's results on the portal (Lei 14.133 art. 71 IV; manual 6.3.15)", () => {
  it("queues no result while the lot is only adjudicated, then the winner's when it is homologated", async () => {
    await toNegotiation(2);
    await move(2, "QUALIFICATION");
    await move(2, "DISPUTE_INTEREST_MANIFESTATION");
    clock.advance(10 * MINUTE);
    await move(2, "AWARDING");
    expect((await jobs()).filter((j) => j.kind === "RESULT")).toEqual([]);
    await move(2, "HOMOLOGATION");
    // In the transaction of the move, for the lot's item row.
    expect((await jobs()).filter((j) => j.kind === "RESULT").map((j) => [j.target, j.status])).toEqual([
      [{ batchId: lots[2] }, "PENDING"],
    ]);
    await run();
    // Lot 2 (120 UN, reference R$ 345,00): Souza (EPP) won with its proposal of R$ 325,00.
    expect(purchase().results).toEqual([
      {
        itemNumber: 2,
        result: {
          quantidadeHomologada: 120,
          valorUnitarioHomologado: 325,
          valorTotalHomologado: 39_000,
          // Required since v2.6, "aplicado quando o critério for Maior Desconto": 0 at menor preço.
          percentualDesconto: 0,
          tipoPessoaId: "PJ",
          niFornecedor: "56789012000100",
          nomeRazaoSocialFornecedor: "Souza Comércio de Informática EPP",
          porteFornecedorId: 5,
          codigoPais: "BRA",
          indicadorSubcontratacao: false,
          dataResultado: new Date(clock.now().getTime() - 3 * 3_600_000).toISOString().slice(0, 10),
          aplicacaoMargemPreferencia: false,
          aplicacaoBeneficioMeEpp: false,
          aplicacaoCriterioDesempate: false,
        },
      },
    ]);
    expect((await jobs()).every((j) => j.status === "DONE")).toBe(true);
  });

  it("sends the result once: closing the homologated lot queues nothing more", async () => {
    await move(2, "CLOSING");
    await run();
    expect((await jobs()).filter((j) => j.kind === "RESULT")).toHaveLength(1);
    expect(purchase().results).toHaveLength(1);
  });
});

describe("items without a winner (manual §5.6, 6.3.12)", () => {
  it("a failed lot's items go 'fracassado'; resumed, 'em andamento' again", async () => {
    await toNegotiation(3);
    const failed = await control("auctioneer", CONTROL_EVENTS.failBatch, 3, "Nenhuma proposta aceitável");
    expect(failed.ok).toBe(true);
    expect((await jobs()).filter((j) => j.kind === "ITEM_SITUATION").map((j) => j.target)).toEqual([
      { batchId: lots[3] },
    ]);
    await run();
    const resumed = await control("auctioneer", CONTROL_EVENTS.resumeBatch, 3, "Reanálise das propostas");
    expect(resumed.ok).toBe(true);
    await run();
    expect(purchase().itemPatches).toEqual([
      {
        itemNumber: 3,
        patch: {
          situacaoCompraItemId: 5,
          justificativa: "Item fracassado: nenhuma proposta classificada e habilitada.",
        },
      },
      { itemNumber: 3, patch: { situacaoCompraItemId: 1, justificativa: "Item retomado pelo órgão." } },
    ]);
  });
});

describe("the room's revocation (Lei 14.133 art. 71 II; manual 6.3.2, §5.5)", () => {
  it("rectifies the contracting as revoked, in the transaction of the revocation", async () => {
    const before = purchase().rectifications.length;
    const revoked = await control(
      "authority",
      CONTROL_EVENTS.scheduleRevokeProcess,
      1,
      "Interesse público superveniente (art. 71, II)",
    );
    expect(revoked).toMatchObject({ ok: true, data: { status: "REVOKED" } });
    const [notice] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, ROOM));
    expect(notice?.status).toBe("REVOKED");
    expect((await jobs()).at(-1)).toMatchObject({ kind: "RECTIFICATION", status: "PENDING" });
    await run();
    expect(purchase().rectifications.slice(before)).toEqual([
      expect.objectContaining({
        situacaoCompraId: 2,
        justificativa: "Processo revogado pelo órgão.",
        numeroCompra: "PE 08",
      }),
    ]);
    expect((await jobs()).every((j) => j.status === "DONE")).toBe(true);
  });
});

describe("every lot annulled in the room (Lei 14.133 art. 71 III; manual 6.3.12, 6.3.2)", () => {
  beforeAll(async () => {
    await closeRoom();
    await roomOnPortal();
  });

  it("marks each item annulled, then rectifies the contracting as annulled", async () => {
    for (const lot of [1, 2, 3]) {
      const r = await control(
        "authority",
        CONTROL_EVENTS.cancelBatch,
        lot,
        "Vício insanável no termo de referência",
      );
      expect(r.ok).toBe(true);
    }
    const [notice] = await t.db.select().from(auctionNotices).where(eq(auctionNotices.id, ROOM));
    expect(notice?.status).toBe("CANCELLED");
    // After the contracting and the demo notice's files: one job per item, then the rectification.
    const queued = (await jobs()).filter((j) => !["PURCHASE", "DOCUMENT"].includes(j.kind));
    expect(queued.map((j) => j.kind)).toEqual([
      "ITEM_SITUATION",
      "ITEM_SITUATION",
      "ITEM_SITUATION",
      "RECTIFICATION",
    ]);
    await run();
    expect(purchase().itemPatches.map((x) => [x.itemNumber, x.patch.situacaoCompraItemId])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(purchase().rectifications.map((r) => [r.situacaoCompraId, r.justificativa])).toEqual([
      [3, "Processo anulado pelo órgão."],
    ]);
  });
});

describe("the secret reference price disclosed in the room (Lei 14.133 art. 24; manual 6.3.11, issue 34)", () => {
  beforeAll(async () => {
    await closeRoom();
    await roomOnPortal(() =>
      t.db
        .update(auctionNotices)
        .set({ shouldDiscloseReferencePrice: false })
        .where(eq(auctionNotices.id, ROOM)),
    );
  });

  it("sends every item again without orcamentoSigiloso", async () => {
    expect(purchase().compra.itensCompra.map((i) => i.orcamentoSigiloso)).toEqual([true, true, true]);
    await toNegotiation(2);
    const disclosed = await act(p.auctioneer.c, CONTROL_EVENTS.discloseReferencePrice, {
      auctionNoticeId: ROOM,
      chatChannelId: channels[2],
    });
    expect(disclosed).toMatchObject({ ok: true });
    expect((await jobs()).at(-1)).toMatchObject({ kind: "ITEMS", status: "PENDING" });
    await run();
    expect(
      purchase().itemRectifications.map((r) => [
        r.itemNumber,
        r.item.orcamentoSigiloso,
        r.item.justificativa,
      ]),
    ).toEqual([
      [1, false, "Item alterado pelo órgão após a publicação."],
      [2, false, "Item alterado pelo órgão após a publicação."],
      [3, false, "Item alterado pelo órgão após a publicação."],
    ]);
  });
});
