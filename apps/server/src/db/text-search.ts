import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// Accent- and case-insensitive "contains" search: certame_fold() in SQL (migration 0002) and the same
// folding here for the pattern, with LIKE's wildcards escaped.
const FROM = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const TO = "aaaaaeeeeiiiiooooouuuucn";
export const foldText = (s: string) =>
  [...s.toLowerCase()].map((c) => (FROM.includes(c) ? TO[FROM.indexOf(c)] : c)).join("");

export const containsPattern = (s: string) => `%${foldText(s).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * `column LIKE '%term%'` on a stored, already folded search column with a trigram index (notices,
 * products, suppliers): folding per row at query time made broad matches scan at ~10 µs a row.
 */
export const searchTextContains = (column: SQL | AnyColumn, term: string): SQL =>
  sql`${column} LIKE ${containsPattern(term)}`;
