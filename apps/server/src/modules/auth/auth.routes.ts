import { loginSchema, SESSION_HINT_COOKIE } from "@certame/domain";
import type { FastifyInstance } from "fastify";
import { parseBody } from "../../http/errors";
import { currentUser, SESSION_COOKIE } from "./auth.plugin";
import type { AuthService } from "./auth.service";
import { LoginThrottledError } from "./login-throttle.service";

export function authRoutes(app: FastifyInstance, auth: AuthService, secureCookie: boolean) {
  app.post("/api/public/auth/login", async (request, reply) => {
    const { login, password } = parseBody(loginSchema, request.body);
    const result = await auth
      .login(login, password, request.headers["user-agent"] ?? null, request.ip)
      .catch((error) => {
        if (error instanceof LoginThrottledError) reply.header("retry-after", error.retryAfterSeconds);
        throw error;
      });
    reply.setCookie(SESSION_COOKIE, result.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookie,
      expires: result.expiresAt,
    });
    // Readable by the page's scripts: "a session may exist" (SESSION_HINT_COOKIE), never the token.
    reply.setCookie(SESSION_HINT_COOKIE, "1", {
      path: "/",
      httpOnly: false,
      sameSite: "lax",
      secure: secureCookie,
      expires: result.expiresAt,
    });
    return { token: result.token, user: result.user };
  });

  app.post("/api/app/auth/me", async (request) => ({ user: currentUser(request) }));

  app.post("/api/app/auth/logout", async (request, reply) => {
    if (request.sessionToken) await auth.logout(request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: "/" });
    return {};
  });
}
