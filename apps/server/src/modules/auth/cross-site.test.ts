import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";
import { CROSS_SITE_MESSAGE, SESSION_COOKIE } from "./auth.plugin";

/**
 * Issue 11 defect 8 (CSRF): a page of another site can make the browser send the session cookie
 * with a form post (multipart or text/plain, no preflight). A state change riding on the cookie
 * must come from this site; a bearer token is never attached by the browser on its own.
 */
let t: TestApp;
let token: string;
const HOST = "certame.example";
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login("pregoeiro@demo.gov.br");
});
afterAll(() => t.close());

const cookiePost = (url: string, headers: Record<string, string>, payload: string | object = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { host: HOST, cookie: `${SESSION_COOKIE}=${token}`, ...headers },
    payload,
  });

describe("cross-site requests with the session cookie", () => {
  it("refuses a cookie post from another site's page, whatever its content type, and changes nothing", async () => {
    const attempts = [
      cookiePost(
        "/api/app/auction/cancelProcess",
        { "sec-fetch-site": "cross-site" },
        { id: DEMO_IDS.noticeOpen },
      ),
      cookiePost(
        "/api/app/auction/cancelProcess",
        { origin: "https://evil.example", "content-type": "text/plain" },
        JSON.stringify({ id: DEMO_IDS.noticeOpen }),
      ),
      cookiePost(
        "/api/app/product/import",
        { origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" },
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
      ),
      cookiePost("/api/app/auth/logout", { "sec-fetch-site": "same-site" }),
      cookiePost("/api/app/auction/cancelProcess", { origin: "null" }, { id: DEMO_IDS.noticeOpen }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: CROSS_SITE_MESSAGE });
    }
    const read = await t.post("/api/app/auction/read", { id: DEMO_IDS.noticeOpen }, token);
    expect(read.json().status).not.toBe("CANCELED");
    expect((await t.post("/api/app/auth/me", {}, token)).statusCode).toBe(200);
  });

  it("accepts the same cookie from this site's own pages and from clients that are not browsers", async () => {
    const ok = [
      await cookiePost("/api/app/auth/me", { "sec-fetch-site": "same-origin", origin: `https://${HOST}` }),
      await cookiePost("/api/app/auth/me", { origin: `https://${HOST}` }),
      await cookiePost("/api/app/auth/me", {}),
      // A bearer token is the client's own doing: the origin does not matter.
      await t.app.inject({
        method: "POST",
        url: "/api/app/auth/me",
        headers: {
          authorization: `Bearer ${token}`,
          origin: "https://other.example",
          "sec-fetch-site": "cross-site",
        },
        payload: {},
      }),
    ];
    for (const res of ok) expect(res.statusCode).toBe(200);
  });

  it("lets reads and the login through from anywhere (nothing rides on the cookie there)", async () => {
    const read = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { cookie: `${SESSION_COOKIE}=${token}`, "sec-fetch-site": "cross-site" },
    });
    expect(read.statusCode).toBe(200);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/public/auth/login",
      headers: { origin: "https://other.example" },
      payload: { login: "pregoeiro@demo.gov.br", password: "Demo@2026" },
    });
    expect(login.statusCode).toBe(200);
  });
});
