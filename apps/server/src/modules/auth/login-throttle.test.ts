import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { DEMO_PASSWORD } from "../../demo/demo-data";

const MINUTE = 60_000;
const LOCKED_1_MIN = {
  message: "Muitas tentativas de login sem sucesso. Tente novamente em 1 minuto(s).",
};

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

// Each test logs in from addresses of its own (trustProxy: request.ip is X-Forwarded-For's client).
const attempt = (login: string, password: string, address: string, app = t) =>
  app.app.inject({
    method: "POST",
    url: "/api/public/auth/login",
    payload: { login, password },
    headers: { "x-forwarded-for": address },
  });

async function failTimes(n: number, login: string, address: string) {
  for (let i = 0; i < n; i++) {
    const res = await attempt(login, "errada", address);
    expect(res.statusCode, `attempt ${i + 1} of ${login}`).toBe(401);
  }
}

describe("login throttling per account", () => {
  it("after 5 wrong passwords the 6th is a 429 even with the right password, until the lock passes", async () => {
    await failTimes(5, "pregoeiro@demo.gov.br", "198.51.100.1");
    const locked = await attempt("pregoeiro@demo.gov.br", DEMO_PASSWORD, "198.51.100.2");
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED_1_MIN);
    expect(locked.headers["retry-after"]).toBe("60");

    clock.advance(MINUTE - 1000);
    const still = await attempt("pregoeiro@demo.gov.br", DEMO_PASSWORD, "198.51.100.2");
    expect(still.statusCode).toBe(429);
    expect(still.headers["retry-after"]).toBe("1");

    clock.advance(1000);
    expect((await attempt("pregoeiro@demo.gov.br", DEMO_PASSWORD, "198.51.100.2")).statusCode).toBe(200);
  });

  it("locks an unknown login the same way, keyed by the login as the lookup reads it", async () => {
    const known = "apoio@demo.gov.br";
    const unknown = "ninguem@demo.gov.br";
    await failTimes(5, known, "198.51.100.3");
    // Case and spaces do not make another key; neither does a document's punctuation.
    await failTimes(3, unknown, "198.51.100.4");
    await failTimes(2, "  NINGUEM@Demo.gov.br ", "198.51.100.4");
    await failTimes(3, "123.456.789-09", "198.51.100.5");
    await failTimes(2, "12345678909", "198.51.100.5");

    const lockedKnown = await attempt(known, "errada", "198.51.100.6");
    const lockedUnknown = await attempt(unknown, "errada", "198.51.100.6");
    const lockedDocument = await attempt("123456789-09", "errada", "198.51.100.6");
    for (const res of [lockedKnown, lockedUnknown, lockedDocument]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(LOCKED_1_MIN);
      expect(res.headers["retry-after"]).toBe("60");
    }
    clock.advance(MINUTE);
  });

  it("a lock grows with each one in a row, up to 15 minutes, and is always temporary", async () => {
    const login = "autoridade@demo.gov.br";
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      await failTimes(5, login, "198.51.100.7");
      const res = await attempt(login, DEMO_PASSWORD, "198.51.100.8");
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(
        `Muitas tentativas de login sem sucesso. Tente novamente em ${minutes} minuto(s).`,
      );
      expect(res.headers["retry-after"]).toBe(String(minutes * 60));
      clock.advance(minutes * MINUTE);
    }
    // A quiet window after the last lock starts the run again at 1 minute.
    clock.advance(15 * MINUTE);
    await failTimes(5, login, "198.51.100.7");
    expect((await attempt(login, DEMO_PASSWORD, "198.51.100.8")).headers["retry-after"]).toBe("60");
    clock.advance(MINUTE);
    expect((await attempt(login, DEMO_PASSWORD, "198.51.100.8")).statusCode).toBe(200);
  });

  it("a success resets the account's count", async () => {
    const login = "fornecedor2@demo.com.br";
    await failTimes(4, login, "198.51.100.9");
    expect((await attempt(login, DEMO_PASSWORD, "198.51.100.9")).statusCode).toBe(200);
    await failTimes(4, login, "198.51.100.9");
    expect((await attempt(login, DEMO_PASSWORD, "198.51.100.9")).statusCode).toBe(200);
  });

  it("parallel wrong passwords cannot slip past the limit", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt("fornecedor3@demo.com.br", "errada", `198.51.100.${20 + i}`),
      ),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - checked);
    clock.advance(15 * MINUTE);
  });

  it("the lock holds on another server instance of the same database", async () => {
    await failTimes(5, "admin@certame.local", "198.51.100.10");
    const other = await createTestApp({ sameDatabaseAs: t, clock: clock.now });
    try {
      const res = await attempt("admin@certame.local", DEMO_PASSWORD, "198.51.100.11", other);
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
    clock.advance(MINUTE);
  });
});

describe("login throttling per address", () => {
  it("20 failures from one address, across logins, lock that address and not the accounts", async () => {
    const address = "203.0.113.1";
    for (let i = 0; i < 20; i++) {
      expect((await attempt(`desconhecido${i % 10}@exemplo.com`, "errada", address)).statusCode).toBe(401);
    }
    const locked = await attempt("cidadao@demo.com.br", DEMO_PASSWORD, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(LOCKED_1_MIN);
    expect(locked.headers["retry-after"]).toBe("60");
    // The same account from another address is fine.
    expect((await attempt("cidadao@demo.com.br", DEMO_PASSWORD, "203.0.113.2")).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await attempt("cidadao@demo.com.br", DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it("successes never count: many logins from one address, then a wrong password is a plain 401", async () => {
    const address = "203.0.113.3";
    for (let i = 0; i < 25; i++) {
      expect((await attempt("fornecedor1@demo.com.br", DEMO_PASSWORD, address)).statusCode).toBe(200);
    }
    expect((await attempt("fornecedor1@demo.com.br", "errada", address)).statusCode).toBe(401);
  });
});
