import { describe, expect, it } from "vitest";
import {
  AUCTION_DURATIONS_MS,
  appealReasonsDeadline,
  attachingDocumentsDeadline,
  type BiddingClock,
  clockAfterBid,
  counterArgumentsDeadline,
  fallenTimerEffect,
  interestWindowEnd,
  interestWindowMinutes,
  isBiddingOpen,
  isFixedAppealDateAllowed,
  nextTimer,
  onBiddingDeadline,
  progressBarDurationMs,
  scaled,
  startBiddingClock,
  subPhaseOf,
  tiebreakerCallDeadline,
  timerDueAt,
} from "./bidding-timers";

const t0 = new Date("2026-03-10T13:00:00.000Z"); // Tuesday, 10:00 in Brasília
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;
const never = () => {
  throw new Error("random source must not be used");
};

describe("bidding timers — OPEN (IN 73/2022 art. 23; Decreto 10.024 art. 32; DESIGN §4)", () => {
  const clock = startBiddingClock({ closingKind: "OPEN", startedAt: t0 });

  it("lasts 10 minutes", () => {
    expect(clock).toEqual({ closingKind: "OPEN", stage: "OPEN", dueAt: at(10 * MIN) });
    expect(isBiddingOpen(clock, at(10 * MIN - 1))).toBe(true);
    expect(isBiddingOpen(clock, at(10 * MIN))).toBe(false);
  });

  it("a bid in the last 2 minutes moves the end to 2 minutes after it, again and again", () => {
    const first = clockAfterBid(clock, at(9 * MIN));
    expect(first.dueAt).toEqual(at(11 * MIN));
    const second = clockAfterBid(first, at(10 * MIN + 30_000));
    expect(second.dueAt).toEqual(at(12 * MIN + 30_000));
  });

  it("a bid before the last 2 minutes, or after the end, changes nothing", () => {
    expect(clockAfterBid(clock, at(8 * MIN - 1)).dueAt).toEqual(at(10 * MIN));
    expect(clockAfterBid(clock, at(10 * MIN + 1)).dueAt).toEqual(at(10 * MIN));
    expect(clockAfterBid(clock, at(8 * MIN)).dueAt).toEqual(at(10 * MIN));
  });

  it("closes by itself when the deadline falls with no bid in the window", () => {
    expect(onBiddingDeadline(clock, at(5 * MIN), never)).toEqual({ kind: "WAIT", at: at(10 * MIN) });
    expect(onBiddingDeadline(clock, at(10 * MIN), never)).toEqual({ kind: "CLOSE_BIDDING" });
  });

  it("CLOSED_AND_OPEN's open phase follows the OPEN rules (IN 73 art. 25)", () => {
    const c = startBiddingClock({ closingKind: "CLOSED_AND_OPEN", startedAt: t0 });
    expect(c.dueAt).toEqual(at(10 * MIN));
    expect(clockAfterBid(c, at(9 * MIN)).dueAt).toEqual(at(11 * MIN));
  });

  it("every duration is multiplied by AUCTION_TIME_SCALE (DESIGN §2)", () => {
    const fast = startBiddingClock({ closingKind: "OPEN", startedAt: t0, timeScale: 0.01 });
    expect(fast.dueAt).toEqual(at(6_000));
    expect(clockAfterBid(fast, at(5_000), 0.01).dueAt).toEqual(at(6_200));
    expect(scaled(1000, 0.0001)).toBe(1);
    expect(() => scaled(1000, 0)).toThrow(RangeError);
  });
});

describe("bidding timers — OPEN_AND_CLOSED (IN 73/2022 art. 24; Decreto 10.024 art. 33)", () => {
  const clock = startBiddingClock({ closingKind: "OPEN_AND_CLOSED", startedAt: t0 });

  it("15 minutes open, with no extension by late bids", () => {
    expect(clock.dueAt).toEqual(at(15 * MIN));
    expect(clockAfterBid(clock, at(14 * MIN))).toBe(clock);
  });

  it("then the imminent-closing notice and a secret close drawn within 0–10 minutes", () => {
    const outcome = onBiddingDeadline(clock, at(15 * MIN), () => 0.5);
    expect(outcome).toEqual({
      kind: "ANNOUNCE_IMMINENT_CLOSE",
      clock: { closingKind: "OPEN_AND_CLOSED", stage: "RANDOM_CLOSE", dueAt: at(20 * MIN) },
      randomDelayMs: 5 * MIN,
      randomValue: 0.5,
    });
    const zero = onBiddingDeadline(clock, at(15 * MIN), () => 0);
    expect(zero.kind === "ANNOUNCE_IMMINENT_CLOSE" && zero.clock.dueAt).toEqual(at(15 * MIN));
    const top = onBiddingDeadline(clock, at(15 * MIN), () => 0.999999);
    expect(top.kind === "ANNOUNCE_IMMINENT_CLOSE" && top.randomDelayMs).toBeLessThan(10 * MIN);
    expect(() => onBiddingDeadline(clock, at(15 * MIN), () => 1)).toThrow(RangeError);
  });

  it("then 5 minutes of sealed final bids (SECRET_BIDDING_PHASE), then the reveal and the close", () => {
    const randomClose: BiddingClock = {
      closingKind: "OPEN_AND_CLOSED",
      stage: "RANDOM_CLOSE",
      dueAt: at(20 * MIN),
    };
    expect(onBiddingDeadline(randomClose, at(19 * MIN), never)).toEqual({ kind: "WAIT", at: at(20 * MIN) });
    const sealed = onBiddingDeadline(randomClose, at(20 * MIN), never);
    expect(sealed).toEqual({
      kind: "OPEN_SEALED_PHASE",
      clock: { closingKind: "OPEN_AND_CLOSED", stage: "SEALED", dueAt: at(25 * MIN) },
      subPhase: "SECRET_BIDDING_PHASE",
    });
    expect(subPhaseOf("SEALED")).toBe("SECRET_BIDDING_PHASE");
    expect(subPhaseOf("RANDOM_CLOSE")).toBe("DEFAULT_BIDDING_PHASE");
    const sealedClock: BiddingClock = {
      closingKind: "OPEN_AND_CLOSED",
      stage: "SEALED",
      dueAt: at(25 * MIN),
    };
    expect(onBiddingDeadline(sealedClock, at(25 * MIN), never)).toEqual({
      kind: "REVEAL_SEALED_BIDS_AND_CLOSE",
    });
  });

  it("a stage opened late after a restart keeps its full length (decision)", () => {
    const randomClose: BiddingClock = {
      closingKind: "OPEN_AND_CLOSED",
      stage: "RANDOM_CLOSE",
      dueAt: at(20 * MIN),
    };
    const late = onBiddingDeadline(randomClose, at(40 * MIN), never);
    expect(late.kind === "OPEN_SEALED_PHASE" && late.clock.dueAt).toEqual(at(45 * MIN));
  });

  it("the progress bar: 5 min in the sealed phase, 15 min otherwise, 120 s for other modes (§2.2)", () => {
    expect(progressBarDurationMs("OPEN_AND_CLOSED", "SECRET_BIDDING_PHASE")).toBe(5 * MIN);
    expect(progressBarDurationMs("OPEN_AND_CLOSED", null)).toBe(15 * MIN);
    expect(progressBarDurationMs("OPEN", "DEFAULT_BIDDING_PHASE")).toBe(120_000);
  });
});

describe("bidding timers — OPEN_TIMED / TIMED (DESIGN §4 fixed bidDuration)", () => {
  it("runs the notice's bidDuration, not extended by late bids", () => {
    const dispensa = startBiddingClock({ closingKind: "TIMED", startedAt: t0, bidDurationMinutes: 360 });
    expect(dispensa.dueAt).toEqual(at(360 * MIN));
    expect(clockAfterBid(dispensa, at(359 * MIN)).dueAt).toEqual(at(360 * MIN));
    const leilao = startBiddingClock({ closingKind: "OPEN_TIMED", startedAt: t0, bidDurationMinutes: 180 });
    expect(onBiddingDeadline(leilao, at(180 * MIN), never)).toEqual({ kind: "CLOSE_BIDDING" });
  });

  it("refuses a missing bidDuration and modes without live bidding", () => {
    expect(() => startBiddingClock({ closingKind: "TIMED", startedAt: t0 })).toThrow(RangeError);
    expect(() => startBiddingClock({ closingKind: "CLOSED", startedAt: t0 })).toThrow(RangeError);
    expect(() => startBiddingClock({ closingKind: "MANUAL_CLOSING", startedAt: t0 })).toThrow(RangeError);
  });
});

describe("bidding timers — tie calls, appeals, documents", () => {
  it("each ME/EPP called has 5 minutes (LC 123/2006 art. 45 §3)", () => {
    expect(tiebreakerCallDeadline(t0)).toEqual(at(5 * MIN));
    expect(tiebreakerCallDeadline(t0, 0.1)).toEqual(at(30_000));
  });

  it("the intention window lasts at least 10 minutes (Lei 14.133 art. 165 §1 I; disputeInterestManifestationMinimumDuration)", () => {
    expect(interestWindowMinutes(undefined)).toBe(10);
    expect(interestWindowMinutes(0)).toBe(10);
    expect(interestWindowMinutes(5)).toBe(10);
    expect(interestWindowMinutes(30)).toBe(30);
    expect(interestWindowEnd(t0, 30)).toEqual(at(30 * MIN));
    expect(interestWindowEnd(t0, null, 0.5)).toEqual(at(5 * MIN));
  });

  it("appeal reasons in 3 business days, counter-arguments 3 more (Lei 14.133 art. 165 I, §4; art. 183)", () => {
    // Thursday 19/11/2026: 20/11 is a holiday, so the 3rd business day is Wednesday 25/11.
    const thursday = new Date("2026-11-19T15:00:00.000Z");
    const reasons = appealReasonsDeadline(thursday);
    expect(reasons.toISOString()).toBe("2026-11-26T02:59:59.999Z");
    expect(counterArgumentsDeadline(reasons).toISOString()).toBe("2026-12-01T02:59:59.999Z");
  });

  it("a scaled business-day term is the real term's length times the scale (decision)", () => {
    const thursday = new Date("2026-11-19T15:00:00.000Z");
    const real = appealReasonsDeadline(thursday).getTime() - thursday.getTime();
    expect(appealReasonsDeadline(thursday, 0.001).getTime() - thursday.getTime()).toBe(
      Math.round(real * 0.001),
    );
  });

  it("a FIXED appeal date may not come before the legal term", () => {
    const legal = appealReasonsDeadline(t0);
    expect(isFixedAppealDateAllowed(new Date(legal.getTime() - 1), legal)).toBe(false);
    expect(isFixedAppealDateAllowed(legal, legal)).toBe(true);
  });

  it("documents after the bids: at least 2 hours (IN 73 art. 29; §5 amountHour default 2, min 1)", () => {
    expect(attachingDocumentsDeadline({ kind: "H" }, t0)).toEqual(at(120 * MIN));
    expect(attachingDocumentsDeadline({ kind: "H", amountHour: 5 }, t0)).toEqual(at(300 * MIN));
    expect(attachingDocumentsDeadline({ kind: "H", amountHour: 1 }, t0)).toEqual(at(120 * MIN));
    expect(() => attachingDocumentsDeadline({ kind: "H", amountHour: 0 }, t0)).toThrow(RangeError);
    expect(attachingDocumentsDeadline({ kind: "D", deadline: at(30 * MIN) }, t0)).toEqual(at(120 * MIN));
    expect(attachingDocumentsDeadline({ kind: "D", deadline: at(24 * 60 * MIN) }, t0)).toEqual(
      at(24 * 60 * MIN),
    );
  });

  it("lot timers: what each one does when it falls, and which falls first", () => {
    expect(fallenTimerEffect({ kind: "TIEBREAKER_CALL", dueAt: at(1) }, t0)).toBeNull();
    expect(fallenTimerEffect({ kind: "TIEBREAKER_CALL", dueAt: t0 }, t0)).toBe("CALL_NEXT_SMALL_BUSINESS");
    expect(fallenTimerEffect({ kind: "INTEREST_WINDOW", dueAt: t0 }, t0)).toBe(
      "ALLOW_LEAVING_INTEREST_WINDOW",
    );
    expect(fallenTimerEffect({ kind: "APPEAL_REASONS", dueAt: t0 }, t0)).toBe("CLOSE_APPEAL_REASONS");
    expect(fallenTimerEffect({ kind: "COUNTER_ARGUMENTS", dueAt: t0 }, t0)).toBe("CLOSE_COUNTER_ARGUMENTS");
    expect(fallenTimerEffect({ kind: "ATTACHING_DOCUMENTS", dueAt: t0 }, t0)).toBe(
      "CLOSE_ATTACHING_DOCUMENTS",
    );
    const bidding = {
      kind: "BIDDING" as const,
      clock: startBiddingClock({ closingKind: "OPEN", startedAt: t0 }),
    };
    const call = { kind: "TIEBREAKER_CALL" as const, dueAt: at(AUCTION_DURATIONS_MS.TIEBREAKER_CALL) };
    expect(timerDueAt(bidding)).toEqual(at(10 * MIN));
    expect(nextTimer([bidding, call])).toBe(call);
    expect(nextTimer([])).toBeNull();
  });
});
