import { SESSION_HINT_COOKIE } from "@certame/domain";

// The session cookie is HTTP-only: the page cannot see it. The server sets a readable hint next to
// it at login and clears both at logout (SESSION_HINT_COOKIE), so the app asks app/auth/me only
// when a session may exist and a visitor's public pages log no 401.

/** True when the browser holds the hint that a session may exist. */
export function mayHaveSession(cookies: string = document.cookie): boolean {
  return cookies.split(";").some((part) => {
    const [name, value] = part.trim().split("=");
    return name === SESSION_HINT_COOKIE && Boolean(value);
  });
}

/** Drops the hint: the server answered that there is no session (401). */
export function forgetSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the hint is a plain cookie the server also sets.
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}
