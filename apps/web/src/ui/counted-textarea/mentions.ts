// '@' mentions in a textarea (notices-and-accounts §2.17).

export interface MentionOption {
  value: string;
  label: string;
}

/** Lower case without accents, so 'Jo' finds 'João' and 'joa' finds 'João'. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("pt-BR");
}

export interface MentionContext {
  /** Index of the '@'. */
  start: number;
  /** What was typed after the '@', up to the caret. */
  query: string;
}

/**
 * The mention being typed at the caret: an '@' at the start of the text or right after a space or a
 * newline, followed by no whitespace up to the caret. Null when the caret is not in such a mention.
 */
export function mentionAt(text: string, caret: number): MentionContext | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  const preceding = at === 0 ? "" : before[at - 1];
  if (at > 0 && preceding !== " " && preceding !== "\n") return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query)) return null;
  return { start: at, query };
}

/** Options whose label starts with the query, ignoring case and accents. */
export function filterMentions(options: readonly MentionOption[], query: string): MentionOption[] {
  const q = normalizeForSearch(query);
  return options.filter((o) => normalizeForSearch(o.label).startsWith(q));
}

/** The text with the mention replaced by '@label ' and the caret position after it. */
export function insertMention(
  text: string,
  context: MentionContext,
  caret: number,
  option: MentionOption,
): { text: string; caret: number } {
  const inserted = `@${option.label} `;
  return {
    text: text.slice(0, context.start) + inserted + text.slice(caret),
    caret: context.start + inserted.length,
  };
}
