// Durations in pt-BR words, for texts that name a term: every duration the server writes is
// rendered from the real value (the legal duration scaled by AUCTION_TIME_SCALE), never typed in.

const UNITS: readonly [seconds: number, one: string, many: string][] = [
  [86_400, "dia", "dias"],
  [3_600, "hora", "horas"],
  [60, "minuto", "minutos"],
  [1, "segundo", "segundos"],
];

/**
 * A duration in milliseconds as pt-BR words, to the nearest second: 300 000 → '5 minutos',
 * 5 400 000 → '1 hora e 30 minutos', 3 725 000 → '1 hora, 2 minutos e 5 segundos'. Under half a
 * second (a very small time scale) reads 'menos de 1 segundo'.
 */
export function formatDuration(ms: number): string {
  let rest = Math.round(Math.max(0, ms) / 1000);
  if (!Number.isFinite(rest) || rest === 0) return "menos de 1 segundo";
  const parts: string[] = [];
  for (const [size, one, many] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  }
  const last = parts.pop() as string;
  return parts.length === 0 ? last : `${parts.join(", ")} e ${last}`;
}
