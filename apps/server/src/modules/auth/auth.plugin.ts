import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../../http/errors";
import type { AuthService, SessionUser } from "./auth.service";

export const SESSION_COOKIE = "certame_session";

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    sessionToken: string | null;
  }
}

export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || null;
  return request.cookies[SESSION_COOKIE] ?? null;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Requisição de outro site recusada.";

/**
 * A state-changing request that rides on the session cookie but comes from another site's page
 * (CSRF). Browsers say where a request comes from: Sec-Fetch-Site, else Origin against Host. A
 * bearer token is never sent by a browser on its own, so only cookie sessions are checked.
 */
export function isCrossSiteCookieRequest(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.authorization?.startsWith("Bearer ")) return false;
  if (!request.cookies[SESSION_COOKIE]) return false;
  const site = request.headers["sec-fetch-site"];
  if (typeof site === "string") return site !== "same-origin" && site !== "none";
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("sessionUser", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("preHandler", async (request) => {
    if (isCrossSiteCookieRequest(request)) throw forbidden(CROSS_SITE_MESSAGE);
    const token = tokenOf(request);
    if (token) {
      const user = await auth.authenticate(token);
      if (user) {
        request.sessionUser = user;
        request.sessionToken = token;
      }
    }
  });
}

/** The authenticated user of an `app/` route (the hook guarantees it). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export function requireBuyer(request: FastifyRequest) {
  const user = currentUser(request);
  if (user.kind !== "BUYER" || !user.buyer)
    throw forbidden("Ação disponível apenas para órgãos compradores.");
  return { user, buyer: user.buyer };
}

/** Platform staff (kind ADMIN): who analyses registrations (DESIGN §2 demo accounts). */
export function requirePlatformStaff(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  if (user.kind !== "ADMIN") throw forbidden("Ação disponível apenas para a equipe da plataforma.");
  return user;
}
