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

/** Routes under these prefixes need a session (DESIGN §2: `app/` refuses anonymous calls with 401). */
const PROTECTED = ["/api/app/", "/api/upload"];

export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest("sessionUser", null);
  app.decorateRequest("sessionToken", null);
  app.addHook("preHandler", async (request) => {
    const token = tokenOf(request);
    if (token) {
      const user = await auth.authenticate(token);
      if (user) {
        request.sessionUser = user;
        request.sessionToken = token;
      }
    }
    // The route the router matched, not the raw URL: the router decodes '/api/%61pp/…' to
    // '/api/app/…', so a prefix test on the raw URL let an encoded path through without a session.
    const route = request.routeOptions.url;
    if (!request.sessionUser && route && PROTECTED.some((p) => route.startsWith(p))) throw unauthorized();
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
