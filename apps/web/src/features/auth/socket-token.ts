// The session token for the trading room's live channel. The session cookie is HTTP-only, and the
// live channel's `register` takes the token in the message (DESIGN §2), so the token the login
// answers is kept here for the socket; logging out, or an ended session, forgets it.
const KEY = "certame.sessionToken";

export function rememberSessionToken(token: string | null | undefined) {
  try {
    if (token) window.localStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the room then opens in its read-only view.
  }
}

export function sessionToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetSessionToken() {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
