// The test clock (DESIGN §5a; issue "A test clock"): POST /api/test/clock moves the server's time
// with TEST_CLOCK=1 and does not exist otherwise; the deadlines within a jump run once each, in due
// order, each at its own instant; the rooms get the new serverTime; a restart keeps the tests' time;
// a 3-business-day legal term (Lei 14.133 art. 165 I, art. 183) counted from a jump skips a
// weekend and a national holiday.
import {
  APPEAL_EVENTS,
  addDays,
  civilDate,
  dayOfWeek,
  holidaysOf,
  isBusinessDate,
  toBrasiliaDay,
  toEpochDay,
} from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advance,
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../test/room-session";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loadConfig } from "../config";
import { listEvents } from "../events/event-log.repository";
import { CLOCK_BACKWARDS_MESSAGE } from "./test-clock.service";

const MINUTE = 60_000;
const BRASILIA_OFFSET_MS = 3 * 60 * MINUTE;

/**
 * The next Friday that is a national holiday, at least a week away, whose following Monday to
 * Wednesday are business days: its Thursday (10:00, Brasília) starts a term that crosses the holiday
 * and the weekend.
 */
function thursdayBeforeFridayHoliday(): {
  thursday: Date;
  wednesdayAfter: { year: number; month: number; day: number };
} {
  const today = toBrasiliaDay(new Date());
  for (let year = today.year; year < today.year + 10; year++) {
    for (const holiday of holidaysOf(year)) {
      const friday = holiday.date;
      if (dayOfWeek(friday) !== 5 || toEpochDay(friday) < toEpochDay(today) + 7) continue;
      const [monday, tuesday, wednesday] = [3, 4, 5].map((d) => addDays(friday, d));
      if (![monday, tuesday, wednesday].every((d) => d && isBusinessDate(d))) continue;
      const thursday = addDays(friday, -1);
      return {
        thursday: new Date(
          Date.UTC(thursday.year, thursday.month - 1, thursday.day, 10) + BRASILIA_OFFSET_MS,
        ),
        wednesdayAfter: wednesday as { year: number; month: number; day: number },
      };
    }
  }
  throw new Error("nenhum feriado nacional numa sexta-feira nos próximos dez anos");
}

describe("without TEST_CLOCK", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the clock's route does not exist (404, as any unknown API path)", async () => {
    for (const method of ["GET", "POST"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/test/clock",
        payload: method === "POST" ? { advanceMs: 60_000 } : undefined,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: "Recurso não encontrado." });
    }
  });

  it("TEST_CLOCK is refused at start-up with APP_ENV=production", () => {
    expect(() => loadConfig({ APP_ENV: "production", TEST_CLOCK: "1" })).toThrow(
      "TEST_CLOCK não é permitido com APP_ENV=production",
    );
    expect(loadConfig({ APP_ENV: "test", TEST_CLOCK: "1" }).testClock).toBe(true);
    expect(loadConfig({ APP_ENV: "production", PAYMENT_WEBHOOK_SECRET: "s" }).testClock).toBe(false);
  });
});

describe("with TEST_CLOCK", () => {
  let t: TestApp;
  let url: string;
  let p: Record<Party, RoomParty>;
  let lots: Record<number, string>;
  const { thursday, wednesdayAfter } = thursdayBeforeFridayHoliday();
  const clock = async (body?: unknown) =>
    body === undefined
      ? t.app.inject({ method: "GET", url: "/api/test/clock" })
      : t.post("/api/test/clock", body);
  const serverNow = async () => Date.parse((await clock()).json().serverTime);

  beforeAll(async () => {
    t = await createTestApp({ testClock: true });
    url = await t.listen();
    // The jump first: sessions opened before it would have expired (12 h) by the clock.
    const moved = await clock({ at: thursday.toISOString() });
    expect(moved.statusCode).toBe(200);
    p = await openParties(t, url);
    lots = await roomLots(t);
  });
  afterAll(async () => {
    if (p) await closeParties(p);
    await t.close();
  });

  it("jumps to the instant asked, then keeps flowing", async () => {
    const now = await serverNow();
    expect(now).toBeGreaterThanOrEqual(thursday.getTime());
    // The time since the jump: seconds of the test's own work, never a day.
    expect(now - thursday.getTime()).toBeLessThan(10 * MINUTE);
  });

  it("refuses a move back, a bad body and both fields at once, naming the field", async () => {
    const back = await clock({ at: new Date(thursday.getTime() - MINUTE).toISOString() });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({
      message: CLOCK_BACKWARDS_MESSAGE,
      properties: [{ property: "at", errorMessages: [expect.stringContaining(CLOCK_BACKWARDS_MESSAGE)] }],
    });
    for (const [body, property] of [
      [{}, "at"],
      [{ at: "amanhã" }, "at"],
      [{ advanceMs: -1 }, "advanceMs"],
      [{ advanceMs: 1.5 }, "advanceMs"],
      [{ advanceMs: 10 * 366 * 86_400_000 }, "advanceMs"],
      [{ advanceMs: 1, at: thursday.toISOString() }, "at"],
    ] as const) {
      const res = await clock(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().properties.map((e: { property: string }) => e.property)).toContain(property);
    }
  });

  it("tells every room the new serverTime", async () => {
    const before = await serverNow();
    const res = await clock({ advanceMs: 30 * MINUTE });
    expect(res.statusCode).toBe(200);
    const { serverTime } = res.json();
    expect(Date.parse(serverTime) - before).toBeGreaterThanOrEqual(30 * MINUTE);
    for (const party of Object.values(p)) {
      const frame = await party.c.next("SERVER_TIME");
      expect(frame.data).toEqual({ serverTime: expect.any(String) });
      expect(Math.abs(Date.parse(frame.data.serverTime) - Date.parse(serverTime))).toBeLessThan(MINUTE);
    }
  });

  it("runs the deadlines within a jump once each, in due order, each at its own instant", async () => {
    const [lot1, lot2] = [lots[1] as string, lots[2] as string];
    await advance(p.auctioneer.c, [lot1, lot2], "PUBLIC_SESSION");
    await advance(p.auctioneer.c, [lot1], "BIDDING");
    const due1 = Date.parse(
      (await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING")).data.batches[0]
        .biddingPhaseDueDateTime,
    );
    await clock({ advanceMs: MINUTE });
    await advance(p.auctioneer.c, [lot2], "BIDDING");
    const due2 = Date.parse(
      (await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "BIDDING")).data.batches[0]
        .biddingPhaseDueDateTime,
    );
    expect(due2).toBeGreaterThan(due1);
    const before = (await listEvents(t.db, ROOM)).length;

    // One jump over both closes and lot 1's fictitious-tie calls (5 minutes each, LC 123/2006 art. 45).
    expect((await clock({ advanceMs: 60 * MINUTE })).statusCode).toBe(200);
    const events = (await listEvents(t.db, ROOM))
      .slice(before)
      .filter((e) => ["BIDDING_CLOSED", "TIEBREAKER_CALL", "TIEBREAKER_ENDED"].includes(e.eventType))
      .map((e) => {
        const payload = e.payload as { batchId: string; dueAt?: string };
        return { type: e.eventType, lot: payload.batchId === lot1 ? 1 : 2, dueAt: payload.dueAt };
      });
    // Lot 1 closes at its due time and calls its first ME/EPP; lot 2 closes a minute later, while the
    // call runs; then lot 1's second call and the end of its tie. Each deadline once.
    expect(events).toEqual([
      { type: "BIDDING_CLOSED", lot: 1, dueAt: undefined },
      { type: "TIEBREAKER_CALL", lot: 1, dueAt: new Date(due1 + 5 * MINUTE).toISOString() },
      { type: "BIDDING_CLOSED", lot: 2, dueAt: undefined },
      { type: "TIEBREAKER_CALL", lot: 1, dueAt: new Date(due1 + 10 * MINUTE).toISOString() },
      { type: "TIEBREAKER_ENDED", lot: 1, dueAt: undefined },
    ]);
    // Lot 2's bidding ended at its own deadline, not at the end of the jump.
    const lot2View = await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "NEGOTIATION" && d.batchesIds.includes(lot2),
    );
    expect(lot2View.data.batches[0].biddingPhaseEndingDateTime).toBe(new Date(due2).toISOString());

    // Nothing runs twice: a further jump adds no closing.
    await clock({ advanceMs: 60 * MINUTE });
    const again = (await listEvents(t.db, ROOM))
      .slice(before)
      .filter((e) => ["BIDDING_CLOSED", "TIEBREAKER_CALL", "TIEBREAKER_ENDED"].includes(e.eventType));
    expect(again).toHaveLength(5);
  });

  it("a 3-business-day term from Thursday skips the Friday holiday and the weekend: it ends on Wednesday", async () => {
    const lot2 = lots[2] as string;
    // Still Thursday (Brasília) after the jumps above.
    expect(toBrasiliaDay(new Date(await serverNow()))).toEqual(toBrasiliaDay(thursday));
    await advance(p.auctioneer.c, [lot2], "QUALIFICATION");
    await advance(p.auctioneer.c, [lot2], "DISPUTE_INTEREST_MANIFESTATION");
    const c = p.supplier1.c;
    c.send(APPEAL_EVENTS.manifestInterestInDispute, {
      reason: "A proposta vencedora é inexequível.",
      batchId: lot2,
    });
    expect((await c.reply()).action).toBe("ACKNOWLEDGED");
    // The interest window (10 minutes) runs out by a jump, not by waiting.
    await clock({ advanceMs: 11 * MINUTE });
    await advance(p.auctioneer.c, [lot2], "DISPUTE_RECEIVEMENT");
    const view = await p.citizen.c.next(
      "PHASE_ADVANCED",
      (d) => d.newPhase === "DISPUTE_RECEIVEMENT" && d.batchesIds.includes(lot2),
    );
    const { year, month, day } = wednesdayAfter;
    // 23:59:59.999 in Brasília (UTC−3) on Wednesday.
    const endOfWednesday = Date.UTC(year, month - 1, day, 23, 59, 59, 999) + BRASILIA_OFFSET_MS;
    expect(view.data.batches[0].phaseEndDateTime).toBe(new Date(endOfWednesday).toISOString());
    expect(toEpochDay(civilDate(year, month, day)) - toEpochDay(toBrasiliaDay(thursday))).toBe(6);
  });

  it("sessions expire by the server's clock: a jump past 12 hours ends those opened before it", async () => {
    const token = await t.login("pregoeiro@demo.gov.br");
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(200);
    await clock({ advanceMs: 11 * 60 * MINUTE });
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(200);
    await clock({ advanceMs: 2 * 60 * MINUTE });
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(401);
  });

  it("a restarted server keeps the tests' time", async () => {
    const before = await serverNow();
    await closeParties(p);
    await t.stopInstance();
    const restarted = await createTestApp({ sameDatabaseAs: t, testClock: true });
    try {
      const res = await restarted.app.inject({ method: "GET", url: "/api/test/clock" });
      const after = Date.parse(res.json().serverTime);
      expect(after).toBeGreaterThanOrEqual(before);
      expect(after - before).toBeLessThan(10 * MINUTE);
      // Without TEST_CLOCK the same database serves the machine's time.
      const plain = await createTestApp({ sameDatabaseAs: t });
      try {
        expect((await plain.app.inject({ method: "GET", url: "/api/test/clock" })).statusCode).toBe(404);
      } finally {
        await plain.stopInstance();
      }
    } finally {
      await restarted.stopInstance();
    }
  });
});
