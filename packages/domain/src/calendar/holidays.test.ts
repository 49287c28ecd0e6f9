import { describe, expect, it } from "vitest";
import { civilDateKey } from "./civil-date";
import { easterSunday, holidayOn, holidaysOf } from "./holidays";

describe("Easter by the anonymous Gregorian algorithm", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2019, "2019-04-21"],
    [2000, "2000-04-23"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("Easter %i is %s", (year, expected) => {
    expect(civilDateKey(easterSunday(year))).toBe(expected);
  });

  it("rejects years before the Gregorian calendar", () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
  });
});

describe("National holidays of Brazil (Lei 662/1949 and amendments)", () => {
  it("lists 2026 in date order with pt-BR names and kinds", () => {
    expect(holidaysOf(2026).map((h) => [h.key, h.name, h.kind])).toEqual([
      ["2026-01-01", "Confraternização Universal", "FERIADO_NACIONAL"],
      ["2026-02-16", "Carnaval (segunda-feira)", "PONTO_FACULTATIVO"],
      ["2026-02-17", "Carnaval (terça-feira)", "PONTO_FACULTATIVO"],
      ["2026-04-03", "Paixão de Cristo (Sexta-feira Santa)", "FERIADO_NACIONAL"],
      ["2026-04-21", "Tiradentes", "FERIADO_NACIONAL"],
      ["2026-05-01", "Dia Mundial do Trabalho", "FERIADO_NACIONAL"],
      ["2026-06-04", "Corpus Christi", "PONTO_FACULTATIVO"],
      ["2026-09-07", "Independência do Brasil", "FERIADO_NACIONAL"],
      ["2026-10-12", "Nossa Senhora Aparecida", "FERIADO_NACIONAL"],
      ["2026-11-02", "Finados", "FERIADO_NACIONAL"],
      ["2026-11-15", "Proclamação da República", "FERIADO_NACIONAL"],
      ["2026-11-20", "Dia Nacional de Zumbi e da Consciência Negra", "FERIADO_NACIONAL"],
      ["2026-12-25", "Natal", "FERIADO_NACIONAL"],
    ]);
  });

  it("places the Easter-based days of 2024 and 2025", () => {
    const keys2024 = holidaysOf(2024).map((h) => h.key);
    expect(keys2024).toEqual(
      expect.arrayContaining(["2024-02-12", "2024-02-13", "2024-03-29", "2024-05-30"]),
    );
    const keys2025 = holidaysOf(2025).map((h) => h.key);
    expect(keys2025).toEqual(
      expect.arrayContaining(["2025-03-03", "2025-03-04", "2025-04-18", "2025-06-19"]),
    );
  });

  it("20/11 is a national holiday from 2024 on (Lei 14.759/2023), not before", () => {
    expect(holidayOn({ year: 2023, month: 11, day: 20 })).toBeNull();
    expect(holidayOn({ year: 2024, month: 11, day: 20 })?.name).toBe(
      "Dia Nacional de Zumbi e da Consciência Negra",
    );
    expect(holidaysOf(2023)).toHaveLength(12);
    expect(holidaysOf(2024)).toHaveLength(13);
  });

  it("the pontos facultativos can be left out", () => {
    const withoutOptional = holidaysOf(2026, { optionalPointsAreHolidays: false });
    expect(withoutOptional).toHaveLength(10);
    expect(withoutOptional.every((h) => h.kind === "FERIADO_NACIONAL")).toBe(true);
    expect(holidayOn({ year: 2026, month: 6, day: 4 })?.name).toBe("Corpus Christi");
    expect(holidayOn({ year: 2026, month: 6, day: 4 }, { optionalPointsAreHolidays: false })).toBeNull();
  });

  it("Ash Wednesday is not a day off", () => {
    expect(holidayOn({ year: 2026, month: 2, day: 18 })).toBeNull();
  });

  it("returns fresh arrays that callers cannot use to corrupt the cache", () => {
    const first = holidaysOf(2030);
    first.pop();
    expect(holidaysOf(2030)).toHaveLength(13);
  });
});
