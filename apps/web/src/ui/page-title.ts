import { useEffect } from "react";

/** The product's name, last in every tab title and alone while a page has not named itself. */
export const APP_TITLE = "Certame";
const SEPARATOR = " — ";

/**
 * A tab title from the screen's parts, most specific first, ending in the product's name:
 * `pageTitle(["Sala de negociação", "PE 08/2026"])` → 'Sala de negociação — PE 08/2026 — Certame'.
 * Empty parts (data still loading) are left out.
 */
export function pageTitle(parts: string | readonly (string | null | undefined | false)[]): string {
  const list = typeof parts === "string" ? [parts] : parts;
  const named = list.map((p) => (typeof p === "string" ? p.trim() : "")).filter((p) => p !== "");
  return [...named, APP_TITLE].join(SEPARATOR);
}

/**
 * Names the browser tab (and the history entry) after the screen, so open tabs and the history
 * can be told apart (issue 12 item 5). Every routed page calls it with its heading.
 */
export function usePageTitle(parts: string | readonly (string | null | undefined | false)[]): void {
  const title = pageTitle(parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Leaving the page: no stale title when the next screen names itself later (or not at all).
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
}
