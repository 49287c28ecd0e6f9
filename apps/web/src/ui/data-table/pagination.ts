// Paging rules of notices-and-accounts §9 "Tables and pagination".

/** Total pages = ceil(totalItems / limitResult), at least 1. */
export function totalPages(totalItems: number, limitResult: number): number {
  if (!(limitResult > 0) || !(totalItems > 0)) return 1;
  return Math.max(1, Math.ceil(totalItems / limitResult));
}

export const VISIBLE_PAGE_NUMBERS = 3;

export type PageItem =
  | { kind: "page"; page: number }
  | { kind: "jump"; direction: "back" | "forward"; target: number };

/**
 * The controls between 'previous' and 'next': up to 3 page numbers around the current page and a
 * '...' jump before and/or after them when more pages lie that way. A jump moves by 3 pages
 * (one window), stopping at the first or last page.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(1, Math.min(page - 1, last - VISIBLE_PAGE_NUMBERS + 1));
  const end = Math.min(last, start + VISIBLE_PAGE_NUMBERS - 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ kind: "jump", direction: "back", target: Math.max(1, page - VISIBLE_PAGE_NUMBERS) });
  }
  for (let n = start; n <= end; n++) items.push({ kind: "page", page: n });
  if (end < last) {
    items.push({ kind: "jump", direction: "forward", target: Math.min(last, page + VISIBLE_PAGE_NUMBERS) });
  }
  return items;
}
