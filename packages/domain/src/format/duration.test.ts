import { describe, expect, it } from "vitest";
import { formatDuration } from "./duration";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("formatDuration — a duration in pt-BR words", () => {
  it("names one unit in the singular or the plural", () => {
    expect(formatDuration(5 * MINUTE)).toBe("5 minutos");
    expect(formatDuration(MINUTE)).toBe("1 minuto");
    expect(formatDuration(10 * MINUTE)).toBe("10 minutos");
    expect(formatDuration(2 * HOUR)).toBe("2 horas");
    expect(formatDuration(HOUR)).toBe("1 hora");
    expect(formatDuration(SECOND)).toBe("1 segundo");
    expect(formatDuration(15 * SECOND)).toBe("15 segundos");
    expect(formatDuration(3 * 24 * HOUR)).toBe("3 dias");
  });

  it("joins several units with commas and 'e', leaving out the zero ones", () => {
    expect(formatDuration(90 * MINUTE)).toBe("1 hora e 30 minutos");
    expect(formatDuration(HOUR + 2 * MINUTE + 5 * SECOND)).toBe("1 hora, 2 minutos e 5 segundos");
    expect(formatDuration(2 * HOUR + 5 * SECOND)).toBe("2 horas e 5 segundos");
    expect(formatDuration(24 * HOUR + MINUTE)).toBe("1 dia e 1 minuto");
  });

  it("rounds to the nearest second, as a scaled duration rarely falls on one", () => {
    // 5 minutes under AUCTION_TIME_SCALE=0.01 and 0.0123.
    expect(formatDuration(5 * MINUTE * 0.01)).toBe("3 segundos");
    expect(formatDuration(5 * MINUTE * 0.0123)).toBe("4 segundos");
    expect(formatDuration(59_600)).toBe("1 minuto");
  });

  it("says 'menos de 1 segundo' below half a second, and never a negative duration", () => {
    expect(formatDuration(300)).toBe("menos de 1 segundo");
    expect(formatDuration(0)).toBe("menos de 1 segundo");
    expect(formatDuration(-5 * MINUTE)).toBe("menos de 1 segundo");
  });
});
