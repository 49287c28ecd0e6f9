// The Redis bus (DESIGN §5) stops at once even while Redis is away: a shutdown (Fastify's preClose)
// that waited for QUIT on a reconnecting client hung until the hook timeout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OwnRedis } from "../../../test/own-services";
import type { BusMessage } from "./live-notice";
import { RedisLiveBus } from "./redis-live-bus";

let redis: OwnRedis;
beforeAll(async () => {
  redis = await OwnRedis.start();
});
afterAll(async () => {
  await redis.stop();
});

describe("the Redis bus's stop", () => {
  it("returns while Redis is away, and the bus delivered while it was there", async () => {
    const logged: string[] = [];
    const heard: BusMessage[] = [];
    const bus = new RedisLiveBus(redis.url, (m) => logged.push(m));
    await bus.start((m) => heard.push(m));
    await bus.publish({ t: "presenceQuery", n: "n1", o: "other" });
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual([{ t: "presenceQuery", n: "n1", o: "other" }]);

    await redis.kill();
    // The stop settles (a QUIT would wait for a connection that never comes back).
    const outcome = await Promise.race([
      bus.stop().then(() => "stopped"),
      new Promise((resolve) => setTimeout(() => resolve("hung"), 5_000)),
    ]);
    expect(outcome).toBe("stopped");
    await redis.restart();
  });
});
