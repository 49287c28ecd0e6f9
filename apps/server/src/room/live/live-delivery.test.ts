import { describe, expect, it } from "vitest";
import type { LiveEventRow } from "../bus/live-event.repository";
import type { LiveNotice, RenderHint } from "../bus/live-notice";
import { LiveDelivery } from "./live-delivery";

// Issue 22 item 4 (DESIGN §5): each notice's events are delivered here once and in sequence,
// whether they come from this instance's commit, the bus or the outbox.

const N = "00000000-0000-4000-8000-000000000001";
const event = (q: number): LiveNotice & { q: number } => ({ t: "chat", n: N, m: `m${q}`, q });

/** A stand-in for what a committing instance holds of its change (the delivery only passes it on). */
const hint = (tag: string) => ({ tag }) as unknown as RenderHint;

function setup(written: number, options: { failWhile?: () => boolean; poison?: number } = {}) {
  const outbox: LiveEventRow[] = [];
  for (let q = 1; q <= written; q++) outbox.push({ seq: q, notice: event(q) });
  const delivered: { q: number; hint?: unknown }[] = [];
  const logged: string[] = [];
  const away = Object.assign(new Error("gone"), { code: "ECONNREFUSED" });
  const delivery = new LiveDelivery({
    source: {
      after: async (_n, after, limit) => {
        if (options.failWhile?.()) throw away;
        return outbox.filter((r) => r.seq > after).slice(0, limit);
      },
      lastSeqs: async (ids) => new Map(ids.map((id) => [id, outbox.length])),
    },
    deliver: async (notice, hint) => {
      if (options.failWhile?.()) throw away;
      if (notice.q === options.poison) throw new Error("linha apagada");
      delivered.push(hint === undefined ? { q: notice.q } : { q: notice.q, hint });
    },
    retryable: (error) => error === away,
    log: (m) => logged.push(m),
  });
  const write = () => {
    const q = outbox.length + 1;
    outbox.push({ seq: q, notice: event(q) });
    return event(q);
  };
  return { delivery, delivered, logged, write };
}

describe("LiveDelivery", () => {
  it("starts after the notice's last event and delivers the next one with its hint, without a read", async () => {
    const { delivery, delivered, write } = setup(3);
    expect(await delivery.open(N)).toBe(3);
    await delivery.offer(write(), hint("own"));
    expect(delivered).toEqual([{ q: 4, hint: hint("own") }]);
  });

  it("reads a gap from the outbox first, and ignores what it already delivered", async () => {
    const { delivery, delivered, write } = setup(2);
    await delivery.open(N);
    write();
    write();
    const fifth = write();
    await delivery.offer(fifth, hint("fifth"));
    await delivery.offer(event(4));
    await delivery.offer(fifth);
    expect(delivered).toEqual([{ q: 3 }, { q: 4 }, { q: 5, hint: hint("fifth") }]);
  });

  it("catches up what no bell announced, once", async () => {
    const { delivery, delivered, write } = setup(0);
    await delivery.open(N);
    write();
    write();
    await Promise.all([delivery.catchUpAll(), delivery.catchUpAll()]);
    await delivery.catchUp(N);
    expect(delivered.map((d) => d.q)).toEqual([1, 2]);
  });

  it("keeps the cursor while the database is away and delivers in order once it is back", async () => {
    let down = false;
    const { delivery, delivered, write } = setup(0, { failWhile: () => down });
    await delivery.open(N);
    await delivery.offer(write());
    down = true;
    await expect(delivery.offer(write())).rejects.toThrow("gone");
    await expect(delivery.catchUpAll()).rejects.toThrow("gone");
    const third = write();
    down = false;
    await delivery.offer(third);
    expect(delivered.map((d) => d.q)).toEqual([1, 2, 3]);
    expect(delivery.cursor(N)).toBe(3);
  });

  it("skips, and tells, an event that cannot be rendered, so the notice's stream goes on", async () => {
    const { delivery, delivered, logged, write } = setup(0, { poison: 2 });
    await delivery.open(N);
    await delivery.offer(write());
    await delivery.offer(write());
    await delivery.offer(write());
    expect(delivered.map((d) => d.q)).toEqual([1, 3]);
    expect(logged).toEqual(["evento ao vivo chat #2 não entregue: linha apagada"]);
  });

  it("delivers nothing for a notice without an audience here, and forgets it when the last one leaves", async () => {
    const { delivery, delivered, write } = setup(0);
    await delivery.offer(write());
    expect(delivered).toEqual([]);
    await delivery.open(N);
    await delivery.close(N, () => false);
    expect(delivery.cursor(N)).toBeUndefined();
    await delivery.offer(write());
    expect(delivered).toEqual([]);
  });
});
