// National holidays of Brazil, computed per year (DESIGN §4: "business days skip weekends and
// national holidays").
//
// Feriados nacionais (Lei 662/1949 as amended by Leis 6.802/1980, 10.607/2002 and 14.759/2023):
// 01/01, 21/04, 01/05, 07/09, 12/10, 02/11, 15/11, 25/12; 20/11 from 2024 on (Lei 14.759/2023,
// published 21/12/2023); and Good Friday (Paixão de Cristo), two days before Easter.
//
// Pontos facultativos: Carnival Monday and Tuesday and Corpus Christi are not holidays by law but
// the federal administration declares them optional days off every year (Portaria MGI) and public
// bodies generally close. CHOICE: they count as non-business days by default, because a deadline
// that ends on a day the buying body is closed would deny the supplier that day (Lei 14.133/2021
// art. 183 III: business days are the days with administrative office hours). Pass
// `{ optionalPointsAreHolidays: false }` (or compare with OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT)
// to treat them as business days. Ash Wednesday (offices open from 14:00) is a business day.
import { addDays, type CivilDate, civilDateKey, compareCivilDates } from "./civil-date";

export type HolidayKind = "FERIADO_NACIONAL" | "PONTO_FACULTATIVO";

export interface Holiday {
  readonly date: CivilDate;
  /** 'YYYY-MM-DD' */
  readonly key: string;
  /** pt-BR name as in the federal calendar. */
  readonly name: string;
  readonly kind: HolidayKind;
}

export interface HolidayOptions {
  /** Count Carnival and Corpus Christi (pontos facultativos) as days off. Default true. */
  optionalPointsAreHolidays?: boolean;
}

export const OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT = true;
/** Lei 14.759/2023 made 20 November a national holiday from 2024 on. */
export const CONSCIENCIA_NEGRA_FIRST_YEAR = 2024;

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): CivilDate {
  if (!Number.isInteger(year) || year < 1583) throw new RangeError(`Ano inválido: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const FIXED_HOLIDAYS: readonly { month: number; day: number; name: string; from?: number }[] = [
  { month: 1, day: 1, name: "Confraternização Universal" },
  { month: 4, day: 21, name: "Tiradentes" },
  { month: 5, day: 1, name: "Dia Mundial do Trabalho" },
  { month: 9, day: 7, name: "Independência do Brasil" },
  { month: 10, day: 12, name: "Nossa Senhora Aparecida" },
  { month: 11, day: 2, name: "Finados" },
  { month: 11, day: 15, name: "Proclamação da República" },
  {
    month: 11,
    day: 20,
    name: "Dia Nacional de Zumbi e da Consciência Negra",
    from: CONSCIENCIA_NEGRA_FIRST_YEAR,
  },
  { month: 12, day: 25, name: "Natal" },
];

const cache = new Map<number, readonly Holiday[]>();

function holiday(date: CivilDate, name: string, kind: HolidayKind): Holiday {
  return { date, key: civilDateKey(date), name, kind };
}

function allHolidaysOf(year: number): readonly Holiday[] {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const list: Holiday[] = FIXED_HOLIDAYS.filter(
    (fixed) => fixed.from === undefined || year >= fixed.from,
  ).map((fixed) => holiday({ year, month: fixed.month, day: fixed.day }, fixed.name, "FERIADO_NACIONAL"));
  list.push(
    holiday(addDays(easter, -48), "Carnaval (segunda-feira)", "PONTO_FACULTATIVO"),
    holiday(addDays(easter, -47), "Carnaval (terça-feira)", "PONTO_FACULTATIVO"),
    holiday(addDays(easter, -2), "Paixão de Cristo (Sexta-feira Santa)", "FERIADO_NACIONAL"),
    holiday(addDays(easter, 60), "Corpus Christi", "PONTO_FACULTATIVO"),
  );
  list.sort((x, y) => compareCivilDates(x.date, y.date));
  const frozen = Object.freeze(list);
  cache.set(year, frozen);
  return frozen;
}

/**
 * The national holidays of `year`, in date order, with pt-BR names; the pontos facultativos
 * (Carnival, Corpus Christi) are included unless `optionalPointsAreHolidays` is false.
 */
export function holidaysOf(year: number, options: HolidayOptions = {}): Holiday[] {
  const withOptional = options.optionalPointsAreHolidays ?? OPTIONAL_POINTS_ARE_HOLIDAYS_DEFAULT;
  return allHolidaysOf(year).filter((entry) => withOptional || entry.kind === "FERIADO_NACIONAL");
}

/** The holiday on `date` (null if none), under the same options as holidaysOf. */
export function holidayOn(date: CivilDate, options: HolidayOptions = {}): Holiday | null {
  const key = civilDateKey(date);
  return holidaysOf(date.year, options).find((entry) => entry.key === key) ?? null;
}
