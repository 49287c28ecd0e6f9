// Small helpers shared by the room rules. Ids arrive as numbers from some callers and as strings
// from others (JSON, URL params), so they are compared by their string form.
export type RoomEntityId = string | number;

export function sameId(a: RoomEntityId | null | undefined, b: RoomEntityId | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);
}

/** Epoch milliseconds of a date or ISO string; null when absent or unparsable. */
export function toEpochMs(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
