import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakePncp, startFakePncp } from "../../../test/fake-pncp";
import { HttpPncpPortal, PncpPortalError } from "./pncp-client";

// planning §7 "Price search" (the portal's public API) and §9 "Price search" (fixed parameters,
// 50 ms between award-result calls); issue 16 item 2 (timeouts, retries on 5xx, cache, validation).

let fake: FakePncp;
beforeAll(async () => {
  fake = await startFakePncp();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.failNext(0);
  fake.hang(false);
  fake.malformed(false);
  fake.requests.length = 0;
  fake.resultRequestTimes.length = 0;
});

const portal = (options: ConstructorParameters<typeof HttpPncpPortal>[1] = {}) =>
  new HttpPncpPortal(fake.baseUrl, { backoffMs: 1, timeoutMs: 2_000, ...options });

const first = () => fake.catalogue[0] as (typeof fake.catalogue)[number];
const purchaseOf = (n = first()) => ({ cnpj: n.orgao_cnpj, year: n.ano, sequence: n.numero_sequencial });

/** Waits (on real I/O turns, never on timers) until the fake has received `n` requests. */
async function waitForRequests(n: number) {
  while (fake.requests.length < n) await new Promise((resolve) => setImmediate(resolve));
}

async function failure(promise: Promise<unknown>): Promise<PncpPortalError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PncpPortalError);
  return error as PncpPortalError;
}

describe("search", () => {
  it("sends the fixed parameters (§9) and the filters joined by '|' (§7)", async () => {
    const page = await portal().search({
      q: "papel A4",
      ufs: ["SP", "RJ"],
      modalities: [6, 8],
      page: 1,
      size: 5,
    });
    const sent = new URL(fake.requests[0] as string, "http://x");
    expect(sent.pathname).toBe("/api/search/");
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      tipos_documento: "edital",
      status: "encerradas",
      ordenacao: "-data",
      pagina: "1",
      tam_pagina: "5",
      q: "papel A4",
      ufs: "SP|RJ",
      modalidades: "6|8",
    });
    expect(page.total).toBeGreaterThan(0);
    for (const n of page.items) {
      expect(["SP", "RJ"]).toContain(n.uf);
      expect(n.numero_controle_pncp).toMatch(/^\d{14}-1-\d{6}\/\d{4}$/);
    }
  });

  it("leaves ufs out when no state filter is given", async () => {
    await portal().search({ q: "", ufs: [], modalities: [6], page: 1, size: 10 });
    expect(new URL(fake.requests[0] as string, "http://x").searchParams.has("ufs")).toBe(false);
  });
});

describe("items and results", () => {
  it("reads items, their count and an item's award results", async () => {
    const client = portal();
    expect(await client.itemCount(purchaseOf())).toBe(first().itens.length);
    const items = await client.items(purchaseOf(), 1, 2);
    expect(items.map((t) => t.numeroItem)).toEqual([1, 2]);
    const results = await client.itemResults(purchaseOf(), 1);
    expect(results[0]?.niFornecedor).toBe(first().itens[0]?.resultados[0]?.niFornecedor);
  });

  it("reads an item the portal has no results for (404) as no results", async () => {
    expect(await portal().itemResults(purchaseOf(), 99)).toEqual([]);
  });

  it("spaces award-result calls at least 50 ms apart (§7, §9)", async () => {
    const client = portal();
    // Measured on the client's side (the fake's receipt times carry the network's jitter): three
    // concurrent calls cannot all be sent before two gaps of 50 ms have passed (timers never fire
    // early; 2 ms for the clock's rounding).
    const start = Date.now();
    await Promise.all([1, 2, 3].map((item) => client.itemResults(purchaseOf(), item)));
    expect(Date.now() - start).toBeGreaterThanOrEqual(2 * 50 - 2);
    const times = fake.resultRequestTimes;
    expect(times).toHaveLength(3);
    // One after another: each received after the one before.
    for (let i = 1; i < times.length; i++)
      expect(times[i] as number).toBeGreaterThanOrEqual(times[i - 1] as number);
  });
});

describe("the award-result queue (one per server)", () => {
  it("lets a caller whose deadline passed leave the queue, so the next caller's search is not held behind it", async () => {
    // 50 ms apart, 400 ms per call: a basket of 40 items cannot all be served before its calls give up.
    const client = portal({ resultSpacingMs: 50, deadlineMs: 400 });
    const basket = Array.from({ length: 40 }, (_, i) => client.itemResults(purchaseOf(), i + 1));
    // The first call of the basket that gives up: the deadline passed with turns still queued.
    const firstGaveUp = await Promise.any(
      basket.map((call) =>
        call.then(
          () => Promise.reject(),
          (e) => e,
        ),
      ),
    );
    expect(firstGaveUp).toMatchObject({ kind: "timeout" });
    // Another user's search now: the abandoned turns are skipped, not spaced 50 ms each (which would
    // hold this call behind ~30 of them, past its own 400 ms, and fail it).
    await expect(client.itemResults(purchaseOf(), 99)).resolves.toBeDefined();
    await Promise.allSettled(basket);
  });
});

describe("failures", () => {
  it("retries twice on 500 and then answers", async () => {
    fake.failNext(2);
    expect(await portal().itemCount(purchaseOf())).toBe(first().itens.length);
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up as 'unavailable' after the retries", async () => {
    fake.failNext(3);
    const error = await failure(portal().itemCount(purchaseOf()));
    expect(error.kind).toBe("unavailable");
    expect(fake.requests).toHaveLength(3);
  });

  it("times out a portal that never answers ('unavailable', no hang)", async () => {
    fake.hang(true);
    const started = performance.now();
    const error = await failure(portal({ timeoutMs: 150, retries: 1 }).itemCount(purchaseOf()));
    expect(error.kind).toBe("unavailable");
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  describe("the call's deadline (issue 35: the price search answers within 10 s)", () => {
    afterEach(() => vi.useRealTimers());

    it("gives up on a hung portal at the deadline, across attempts, as 'timeout'", async () => {
      // Fake timers: the attempts' timeouts, the backoff and the deadline are the client's own timers.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      fake.hang(true);
      // The defaults: 8 s per attempt, two retries, 9 s for the whole call.
      const outcome = failure(new HttpPncpPortal(fake.baseUrl).itemCount(purchaseOf()));
      await waitForRequests(1);
      let settled = false;
      void outcome.finally(() => {
        settled = true;
      });
      // The first attempt's 8 s pass, the second attempt starts, and the call is still waiting…
      await vi.advanceTimersByTimeAsync(8_500);
      expect(settled).toBe(false);
      // …until the deadline ends it, not a third 8-s attempt.
      await vi.advanceTimersByTimeAsync(500);
      const error = await outcome;
      expect(error.kind).toBe("timeout");
    });
  });

  it("answers 'unavailable' when nothing listens", async () => {
    const error = await failure(
      new HttpPncpPortal("http://127.0.0.1:9", { backoffMs: 1 }).itemCount(purchaseOf()),
    );
    expect(error.kind).toBe("unavailable");
  });

  it("rejects a body that is not JSON as 'malformed', without retrying", async () => {
    fake.malformed(true);
    const error = await failure(portal().search({ q: "", ufs: [], modalities: [6], page: 1, size: 10 }));
    expect(error.kind).toBe("malformed");
    expect(fake.requests).toHaveLength(1);
  });

  it("rejects JSON of the wrong shape as 'malformed'", async () => {
    // The search body where an item list is expected.
    const client = new HttpPncpPortal(`${fake.baseUrl}/api/search/?x=`, { backoffMs: 1 });
    const error = await failure(client.items({ cnpj: "1", year: 1, sequence: 1 }, 1, 1));
    expect(error.kind).toBe("malformed");
  });
});

describe("cache", () => {
  it("answers a repeated call from memory", async () => {
    const client = portal();
    const a = await client.items(purchaseOf(), 1, 10);
    const b = await client.items(purchaseOf(), 1, 10);
    expect(b).toEqual(a);
    expect(fake.requests).toHaveLength(1);
  });

  it("fetches again once the entry has expired", async () => {
    let now = 1_000_000;
    const client = portal({ cacheTtlMs: 1_000, now: () => now });
    await client.itemCount(purchaseOf());
    now += 1_001;
    await client.itemCount(purchaseOf());
    expect(fake.requests).toHaveLength(2);
  });

  it("keeps at most cacheEntries answers", async () => {
    const client = portal({ cacheEntries: 1 });
    await client.itemCount(purchaseOf());
    await client.itemCount(purchaseOf(fake.catalogue[1]));
    await client.itemCount(purchaseOf());
    expect(fake.requests).toHaveLength(3);
  });
});
