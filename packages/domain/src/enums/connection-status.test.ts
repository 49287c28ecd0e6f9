import { describe, expect, it } from "vitest";
import {
  CONNECTION_STATUS_LABELS,
  CONNECTION_STATUSES,
  canMoveConnection,
  RECONNECT_ATTEMPTS,
  RECONNECT_INTERVAL_MS,
} from "./connection-status";
import { expectLabelsFor } from "./expect-labels";

describe("connection states (trading-room §4 'Connection state')", () => {
  it("are CLOSED, CONNECTING, ACTIVATED and FAILED, labelled", () => {
    expectLabelsFor(CONNECTION_STATUSES, CONNECTION_STATUS_LABELS);
  });

  it("accept both readings of the start", () => {
    expect(canMoveConnection("CLOSED", "CONNECTING")).toBe(true);
    expect(canMoveConnection("CONNECTING", "ACTIVATED")).toBe(true);
    expect(canMoveConnection("CLOSED", "ACTIVATED")).toBe(true);
  });

  it("go back to CONNECTING on an unclean drop and to FAILED when the retries run out", () => {
    expect(canMoveConnection("ACTIVATED", "CONNECTING")).toBe(true);
    expect(canMoveConnection("CONNECTING", "FAILED")).toBe(true);
    expect(canMoveConnection("ACTIVATED", "FAILED")).toBe(false);
  });

  it("close on leaving the room or a failed start, and leave FAILED only by closing", () => {
    expect(canMoveConnection("ACTIVATED", "CLOSED")).toBe(true);
    expect(canMoveConnection("CONNECTING", "CLOSED")).toBe(true);
    expect(canMoveConnection("FAILED", "CLOSED")).toBe(true);
    expect(canMoveConnection("FAILED", "ACTIVATED")).toBe(false);
  });

  it("retry 100 times, 500 ms apart (trading-room §9)", () => {
    expect(RECONNECT_ATTEMPTS).toBe(100);
    expect(RECONNECT_INTERVAL_MS).toBe(500);
  });
});
