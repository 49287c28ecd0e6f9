import { LIVE_EVENTS } from "@certame/domain";
import { and, asc, eq } from "drizzle-orm";
import { auctionBatches, suppliers } from "../src/db/schema";
import { DEMO_IDS } from "../src/demo/demo-data";
import { type Frame, LiveClient } from "./live-client";
import type { TestApp, TestClock } from "./test-app";

export const ROOM = DEMO_IDS.noticeRoom;

export const ROOM_ACCOUNTS = {
  auctioneer: "pregoeiro@demo.gov.br",
  supplier1: "fornecedor1@demo.com.br",
  supplier2: "fornecedor2@demo.com.br",
  supplier3: "fornecedor3@demo.com.br",
  citizen: "cidadao@demo.com.br",
} as const;
export type Party = keyof typeof ROOM_ACCOUNTS;

/** A room client registered as a demo account, with what REGISTERED told it. */
export interface RoomParty {
  c: LiveClient;
  state: Frame["data"];
}

/** Opens one registered client per demo account on the given live-channel address. */
export async function openParties(
  t: TestApp,
  url: string,
  who: readonly Party[] = Object.keys(ROOM_ACCOUNTS) as Party[],
): Promise<Record<Party, RoomParty>> {
  const parties = {} as Record<Party, RoomParty>;
  for (const party of who) {
    const token = await t.login(ROOM_ACCOUNTS[party]);
    const c = await LiveClient.open(url);
    parties[party] = { c, state: await c.register(ROOM, token) };
  }
  return parties;
}

/** The demo room's lot head rows by number. */
export async function roomLots(t: TestApp): Promise<Record<number, string>> {
  const rows = await t.db
    .select({ id: auctionBatches.id, number: auctionBatches.number })
    .from(auctionBatches)
    .where(and(eq(auctionBatches.auctionNoticeId, ROOM), eq(auctionBatches.item, 1)))
    .orderBy(asc(auctionBatches.number));
  return Object.fromEntries(rows.map((r) => [r.number, r.id]));
}

/** Every name, document (bare and masked) and id of every supplier, for the anonymity scans. */
export async function supplierIdentities(t: TestApp): Promise<string[]> {
  const rows = await t.db.select().from(suppliers);
  return rows.flatMap((s) =>
    [
      s.corporateName,
      s.tradeName,
      s.name,
      s.documentNumber,
      s.documentNumber.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5"),
      s.tradeRepresentativeName,
      s.id,
    ].filter((v): v is string => !!v),
  );
}

/** Sends an event and returns the answer meant for the sender: ACKNOWLEDGED data, or the ERROR text. */
export async function act(c: LiveClient, event: string, data: unknown) {
  c.send(event, data);
  const reply = await c.reply(5000, event);
  return reply.action === "ERROR"
    ? { ok: false as const, message: reply.data.message as string }
    : { ok: true as const, data: reply.data };
}

/** Moves lots forward as the auctioneer, failing loudly when the server refuses. */
export async function advance(auctioneer: LiveClient, batchesIds: string[], nextPhase: string) {
  const r = await act(auctioneer, LIVE_EVENTS.goToNextPhase, {
    nextPhase,
    batchesIds,
    auctionNoticeId: ROOM,
  });
  if (!r.ok) throw new Error(`go_to_next_phase ${nextPhase}: ${r.message}`);
  return r.data;
}

/**
 * Takes a lot head through PUBLIC_SESSION and BIDDING (no new bid) to NEGOTIATION: the test clock is
 * set to the bidding's due time and the due timers run, as the lot timer worker would.
 */
export async function biddingToNegotiation(
  t: TestApp,
  p: Record<Party, RoomParty>,
  clock: TestClock,
  batchId: string,
) {
  await advance(p.auctioneer.c, [batchId], "PUBLIC_SESSION");
  await advance(p.auctioneer.c, [batchId], "BIDDING");
  const bidding = await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING");
  clock.set(Date.parse(bidding.data.batches[0].biddingPhaseDueDateTime));
  await t.runDueTimers();
  await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
}

export async function closeParties(parties: Partial<Record<Party, RoomParty>>) {
  await Promise.all(Object.values(parties).map((p) => p?.c.close()));
}

/**
 * A lot's bidding deadline as a client knows it from its frames: the last one told, by the phase
 * move that opened the bidding or by a bid that moved it (a bid frame tells it only then, contract v2).
 */
export function lotDue(c: LiveClient, lotId: string): number {
  for (let i = c.frames.length - 1; i >= 0; i--) {
    const { action, data } = c.frames[i] as Frame;
    if ((action === "NEW_BID_PLACED" || action === "BID_CANCELLED") && data.batchId === lotId) {
      const due = data.batch?.biddingPhaseDueDateTime;
      if (due) return Date.parse(due);
    }
    if (action === "PHASE_ADVANCED" || action === "PHASE_REGRESSED") {
      const lot = (data.batches ?? []).find((b: { id: string }) => b.id === lotId);
      if (lot?.biddingPhaseDueDateTime) return Date.parse(lot.biddingPhaseDueDateTime);
    }
  }
  throw new Error(`o cliente não recebeu o prazo do lote ${lotId}`);
}
