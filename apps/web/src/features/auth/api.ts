import { ApiError, apiPost } from "../../api/client";
import { forgetSessionHint, mayHaveSession } from "./session-hint";
import type { LoginPayload, SessionUser } from "./types";

export async function login(payload: LoginPayload): Promise<SessionUser> {
  // The session is the HTTP-only cookie the answer sets (the live channel reads it on its upgrade).
  const { user } = await apiPost<{ token: string; user: SessionUser }>("public/auth/login", payload);
  return user;
}

/**
 * The current session's user, or null when there is none: no session hint (nothing to ask) or
 * HTTP 401 (the session ended; the hint goes too).
 */
export async function fetchMe(): Promise<SessionUser | null> {
  if (!mayHaveSession()) return null;
  try {
    const { user } = await apiPost<{ user: SessionUser }>("app/auth/me");
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSessionHint();
      return null;
    }
    throw error;
  }
}

export async function logout(): Promise<void> {
  await apiPost<Record<string, never>>("app/auth/logout");
}
