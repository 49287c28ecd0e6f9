import { describe, expect, it } from "vitest";
import { roomLot } from "../../../test/room-fixtures";
import { elapsedSeconds, formatClock, phaseProgress, remainingSeconds, shownSubPhase } from "./room-clock";

const now = new Date("2026-03-10T12:00:00.000Z");
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
const bidding = (dueInSeconds: number, extra = {}) =>
  roomLot(1, { phase: "BIDDING", biddingPhaseDueDateTime: at(dueInSeconds), ...extra });

describe("countdown", () => {
  it("counts whole seconds to the bidding due time and stops at 0", () => {
    expect(remainingSeconds(bidding(90.6), now)).toBe(90);
    expect(remainingSeconds(bidding(-5), now)).toBe(0);
    expect(remainingSeconds(roomLot(1), now)).toBeNull();
  });

  it("uses the tie call's deadline in TIEBREAKER", () => {
    const lot = roomLot(1, {
      phase: "TIEBREAKER",
      tiebreaker: { calledAnonymousNumber: 2, dueDateTime: at(200) },
    });
    expect(remainingSeconds(lot, now)).toBe(200);
  });

  it("shows the one- and two-minute marks for OPEN, CLOSED_AND_OPEN and OPEN_TIMED (60 s and 120 s)", () => {
    expect(shownSubPhase(bidding(121), "OPEN", now)).toBe("DEFAULT_BIDDING_PHASE");
    expect(shownSubPhase(bidding(120), "OPEN", now)).toBe("LASS_THAN_TWO_MINUTES");
    expect(shownSubPhase(bidding(61), "CLOSED_AND_OPEN", now)).toBe("LASS_THAN_TWO_MINUTES");
    expect(shownSubPhase(bidding(60), "OPEN_TIMED", now)).toBe("LASS_THAN_ONE_MINUTE");
    // OPEN_AND_CLOSED keeps the server's sub-phase.
    expect(shownSubPhase(bidding(30, { subPhase: "SECRET_BIDDING_PHASE" }), "OPEN_AND_CLOSED", now)).toBe(
      "SECRET_BIDDING_PHASE",
    );
  });

  it("formats mm:ss and h:mm:ss", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(119)).toBe("01:59");
    expect(formatClock(3725)).toBe("1:02:05");
  });

  it("counts the elapsed bidding time live, and the bidding's length once ended", () => {
    expect(elapsedSeconds(bidding(60, { biddingPhaseStartDateTime: at(-75) }), now)).toBe(75);
    const ended = roomLot(1, {
      phase: "NEGOTIATION",
      biddingPhaseStartDateTime: at(-600),
      biddingPhaseEndingDateTime: at(-10),
    });
    expect(elapsedSeconds(ended, now)).toBe(590);
    expect(elapsedSeconds(roomLot(1), now)).toBeNull();
  });
});

describe("phase progress bar (§2.2, §9)", () => {
  it("is 120 s long by default, blue above 2 min, yellow from 119 s, red under 60 s", () => {
    expect(phaseProgress(bidding(300), "OPEN", now)).toEqual({
      totalMs: 120_000,
      remainingMs: 120_000,
      percent: 100,
      colour: "blue",
    });
    expect(phaseProgress(bidding(119), "OPEN", now)?.colour).toBe("yellow");
    expect(phaseProgress(bidding(60), "OPEN", now)?.colour).toBe("yellow");
    const red = phaseProgress(bidding(30), "OPEN", now);
    expect(red?.colour).toBe("red");
    expect(red?.percent).toBe(25);
  });

  it("is 15 min for OPEN_AND_CLOSED and 5 min in its sealed phase", () => {
    expect(phaseProgress(bidding(450), "OPEN_AND_CLOSED", now)?.percent).toBe(50);
    expect(
      phaseProgress(bidding(150, { subPhase: "SECRET_BIDDING_PHASE" }), "OPEN_AND_CLOSED", now)?.percent,
    ).toBe(50);
  });

  it("stops at 0", () => {
    expect(phaseProgress(bidding(-3), "OPEN", now)).toMatchObject({
      remainingMs: 0,
      percent: 0,
      colour: "red",
    });
  });

  it("spans the phase in NEGOTIATION (orange) and QUALIFICATION (yellow)", () => {
    const negotiation = roomLot(1, {
      phase: "NEGOTIATION",
      phaseStartDateTime: at(-300),
      phaseEndDateTime: at(300),
    });
    expect(phaseProgress(negotiation, "OPEN", now)).toEqual({
      totalMs: 600_000,
      remainingMs: 300_000,
      percent: 50,
      colour: "orange",
    });
    const qualification = roomLot(1, {
      phase: "QUALIFICATION",
      phaseStartDateTime: at(-100),
      phaseEndDateTime: at(300),
    });
    expect(phaseProgress(qualification, "OPEN", now)?.colour).toBe("yellow");
  });

  it("has no bar without a running deadline", () => {
    expect(phaseProgress(roomLot(1), "OPEN", now)).toBeNull();
    expect(phaseProgress(roomLot(1, { phase: "NEGOTIATION" }), "OPEN", now)).toBeNull();
  });
});
