import { type SQL, sql } from "drizzle-orm";

// Accent- and case-insensitive "contains" search: certame_fold() in SQL (migration 0002) and the same
// folding here for the pattern, with LIKE's wildcards escaped.
const FROM = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const TO = "aaaaaeeeeiiiiooooouuuucn";
export const foldText = (s: string) =>
  [...s.toLowerCase()].map((c) => (FROM.includes(c) ? TO[FROM.indexOf(c)] : c)).join("");

export const containsPattern = (s: string) => `%${foldText(s).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** `certame_fold(expr) LIKE '%term%'`; expr must be the indexed expression to use the trigram index. */
export const foldedContains = (expr: SQL, term: string): SQL =>
  sql`certame_fold(${expr}) LIKE ${containsPattern(term)}`;
