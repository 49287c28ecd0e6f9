import { describe, expect, it } from "vitest";
import {
  BRASILIA_TIME_ZONE,
  brasiliaCivilDate,
  brasiliaParts,
  brasiliaToInstant,
  combineBrasiliaDateTime,
  DATE_INVALID_MESSAGE,
  DATE_PICKER_MIN,
  endOfBrasiliaDay,
  formatBrasiliaDate,
  formatBrasiliaDateTime,
  formatBrasiliaIso,
  formatBrasiliaTime,
  isValidDateBR,
  isValidTimeBR,
  parseDateBR,
  parseTimeBR,
  startOfBrasiliaDay,
  TIME_INVALID_MESSAGE,
  toInstant,
  VALUES_DIFFER_MESSAGE,
  validateDateBR,
  validateSameValue,
  validateTimeBR,
} from "./dates";

describe("§5 Formats — dates are dd/mm/yyyy, 'Data inválida'", () => {
  it("accepts -, /, . or a space as the separator", () => {
    expect(parseDateBR("20/11/2026")).toEqual({ year: 2026, month: 11, day: 20 });
    expect(parseDateBR("20-11-2026")).toEqual({ year: 2026, month: 11, day: 20 });
    expect(parseDateBR("20.11.2026")).toEqual({ year: 2026, month: 11, day: 20 });
    expect(parseDateBR("20 11 2026")).toEqual({ year: 2026, month: 11, day: 20 });
    expect(isValidDateBR("01/01/1900")).toBe(true);
    expect(isValidDateBR("31/12/2099")).toBe(true);
  });

  it("requires the year to be 19xx or 20xx", () => {
    expect(isValidDateBR("01/01/1899")).toBe(false);
    expect(isValidDateBR("01/01/2100")).toBe(false);
    expect(isValidDateBR("01/01/26")).toBe(false);
  });

  it("requires a real calendar date", () => {
    expect(isValidDateBR("31/02/2026")).toBe(false);
    expect(isValidDateBR("29/02/2023")).toBe(false);
    expect(isValidDateBR("29/02/2024")).toBe(true);
    expect(isValidDateBR("29/02/1900")).toBe(false); // 1900 is not a leap year
    expect(isValidDateBR("29/02/2000")).toBe(true);
    expect(isValidDateBR("31/04/2026")).toBe(false);
    expect(isValidDateBR("00/01/2026")).toBe(false);
    expect(isValidDateBR("01/13/2026")).toBe(false);
  });

  it("rejects other shapes", () => {
    expect(isValidDateBR("1/1/2026")).toBe(false);
    expect(isValidDateBR("2026-11-20")).toBe(false);
    expect(isValidDateBR("20_11_2026")).toBe(false);
    expect(isValidDateBR("20/11/2026 10:00")).toBe(false);
  });

  it("allows an empty value and gives 'Data inválida' otherwise", () => {
    expect(isValidDateBR("")).toBe(true);
    expect(isValidDateBR(null)).toBe(true);
    expect(validateDateBR("")).toBeNull();
    expect(validateDateBR("20/11/2026")).toBeNull();
    expect(validateDateBR("31/02/2026")).toBe("Data inválida");
    expect(DATE_INVALID_MESSAGE).toBe("Data inválida");
    expect(DATE_PICKER_MIN).toBe("01/01/1900");
  });
});

describe("§5 Formats — times are H:MM or HH:MM, hours 0 to 23, 'Horário inválido'", () => {
  it("accepts H:MM and HH:MM", () => {
    expect(parseTimeBR("8:05")).toEqual({ hour: 8, minute: 5 });
    expect(parseTimeBR("08:05")).toEqual({ hour: 8, minute: 5 });
    expect(parseTimeBR("0:00")).toEqual({ hour: 0, minute: 0 });
    expect(parseTimeBR("23:59")).toEqual({ hour: 23, minute: 59 });
  });

  it("rejects out-of-range hours and minutes and other shapes", () => {
    expect(isValidTimeBR("24:00")).toBe(false);
    expect(isValidTimeBR("12:60")).toBe(false);
    expect(isValidTimeBR("8:5")).toBe(false);
    expect(isValidTimeBR("0800")).toBe(false);
    expect(isValidTimeBR("08:00:00")).toBe(false);
  });

  it("allows an empty value and gives 'Horário inválido' otherwise", () => {
    expect(isValidTimeBR("")).toBe(true);
    expect(validateTimeBR(undefined)).toBeNull();
    expect(validateTimeBR("25:00")).toBe("Horário inválido");
    expect(TIME_INVALID_MESSAGE).toBe("Horário inválido");
  });
});

describe("§5 Generic form rules — a field that must match another gives 'Valores diferentes'", () => {
  it("compares the two values", () => {
    expect(validateSameValue("a@b.com", "a@b.com")).toBeNull();
    expect(validateSameValue("a@b.com", "a@b.co")).toBe("Valores diferentes");
    expect(VALUES_DIFFER_MESSAGE).toBe("Valores diferentes");
  });
});

describe("Brasília time (spec: 'times are in Brasília time'; DESIGN §3 America/Sao_Paulo)", () => {
  it("uses the IANA zone", () => {
    expect(BRASILIA_TIME_ZONE).toBe("America/Sao_Paulo");
  });

  it("formats an ISO instant as dd/MM/yyyy, HH:mm and dd/MM/yyyy HH:mm", () => {
    const instant = "2026-11-20T14:05:00.000Z";
    expect(formatBrasiliaDate(instant)).toBe("20/11/2026");
    expect(formatBrasiliaTime(instant)).toBe("11:05");
    expect(formatBrasiliaDateTime(instant)).toBe("20/11/2026 11:05");
  });

  it("the Brasília day differs from the UTC day in the evening", () => {
    const instant = "2026-11-21T02:30:00.000Z";
    expect(formatBrasiliaDateTime(instant)).toBe("20/11/2026 23:30");
    expect(brasiliaCivilDate(instant)).toEqual({ year: 2026, month: 11, day: 20 });
    expect(formatBrasiliaTime("2026-11-21T03:00:00.000Z")).toBe("00:00");
  });

  it("writes an instant as ISO 8601 in Brasília time with its offset (open data, OCDS dates)", () => {
    expect(formatBrasiliaIso("2026-11-21T02:30:00.000Z")).toBe("2026-11-20T23:30:00-03:00");
    // Before Decreto 9.772/2019 the summer had daylight-saving time: the offset follows the zone.
    expect(formatBrasiliaIso("2018-01-10T12:00:00.000Z")).toBe("2018-01-10T10:00:00-02:00");
  });

  it("accepts Date and epoch milliseconds and rejects invalid instants", () => {
    const ms = Date.UTC(2026, 0, 2, 12, 0);
    expect(formatBrasiliaDateTime(ms)).toBe("02/01/2026 09:00");
    expect(formatBrasiliaDateTime(new Date(ms))).toBe("02/01/2026 09:00");
    expect(() => formatBrasiliaDate("not a date")).toThrow(RangeError);
    expect(() => toInstant("2026-02-31")).toThrow(RangeError);
  });

  it("reads a date-only ISO string as that day in Brasília, not UTC midnight", () => {
    expect(formatBrasiliaDate("2026-11-20")).toBe("20/11/2026");
    expect(toInstant("2026-11-20").toISOString()).toBe("2026-11-20T03:00:00.000Z");
  });

  it("uses the zone's historical daylight-saving time, not a fixed -03:00", () => {
    // 15/12/2018 was in horário de verão (UTC-2).
    expect(formatBrasiliaTime("2018-12-15T12:00:00.000Z")).toBe("10:00");
    expect(brasiliaToInstant({ year: 2018, month: 12, day: 15 }, { hour: 10, minute: 0 }).toISOString()).toBe(
      "2018-12-15T12:00:00.000Z",
    );
    expect(brasiliaParts("2018-12-15T12:00:00.250Z")).toEqual({
      year: 2018,
      month: 12,
      day: 15,
      hour: 10,
      minute: 0,
      second: 0,
      millisecond: 250,
    });
  });

  it("resolves the old clock changes: a skipped wall time moves forward, a repeated one takes the earlier", () => {
    // 04/11/2018 00:00 jumped to 01:00: 00:30 did not exist and becomes 01:30 (UTC-2).
    expect(combineBrasiliaDateTime("04/11/2018", "00:30")).toBe("2018-11-04T03:30:00.000Z");
    // 17/02/2019 00:00 went back to 16/02 23:00: 23:30 happened twice.
    expect(combineBrasiliaDateTime("16/02/2019", "23:30")).toBe("2019-02-17T01:30:00.000Z");
  });
});

describe("Notice payload — dates are sent as a combined date and time (Brasília → UTC ISO)", () => {
  it("combines dd/MM/yyyy and HH:mm", () => {
    expect(combineBrasiliaDateTime("20/11/2026", "08:00")).toBe("2026-11-20T11:00:00.000Z");
    expect(combineBrasiliaDateTime("31/12/2026", "23:59")).toBe("2027-01-01T02:59:00.000Z");
    expect(combineBrasiliaDateTime("01-03-2026", "8:30")).toBe("2026-03-01T11:30:00.000Z");
  });

  it("round-trips through the formatters", () => {
    const iso = combineBrasiliaDateTime("05/06/2026", "14:45");
    expect(iso).not.toBeNull();
    expect(formatBrasiliaDateTime(iso as string)).toBe("05/06/2026 14:45");
  });

  it("returns null when a part is empty or invalid", () => {
    expect(combineBrasiliaDateTime("", "08:00")).toBeNull();
    expect(combineBrasiliaDateTime("20/11/2026", "")).toBeNull();
    expect(combineBrasiliaDateTime("31/02/2026", "08:00")).toBeNull();
    expect(combineBrasiliaDateTime("20/11/2026", "24:00")).toBeNull();
  });

  it("gives the first and last millisecond of a Brasília day", () => {
    expect(startOfBrasiliaDay({ year: 2026, month: 11, day: 20 }).toISOString()).toBe(
      "2026-11-20T03:00:00.000Z",
    );
    expect(endOfBrasiliaDay({ year: 2026, month: 11, day: 20 }).toISOString()).toBe(
      "2026-11-21T02:59:59.999Z",
    );
  });
});
