import { randomUUID } from "node:crypto";
import { LIVE_EVENTS } from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveClient } from "../../../test/live-client";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_IDS } from "../../demo/demo-data";

const ROOM = DEMO_IDS.noticeRoom;

// Two app instances on one database, clients on both: a message sent through one instance reaches
// the clients of the other through the bus (DESIGN §5), and presence crosses too.
describe.each(["postgres", "redis"] as const)("two instances over the %s bus", (bus) => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    a = await createTestApp({ bus });
    b = await createTestApp({ bus, sameDatabaseAs: a });
    urlA = await a.listen();
    urlB = await b.listen();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await b.close();
    await a.close();
  });

  async function join(url: string, token?: string) {
    const c = await LiveClient.open(url);
    clients.push(c);
    return { c, state: await c.register(ROOM, token) };
  }

  it("delivers a chat message sent on one instance to the clients of both", async () => {
    const auctioneer = await join(urlA, await a.login("pregoeiro@demo.gov.br"));
    const supplier = await join(urlB, await b.login("fornecedor2@demo.com.br"));
    const citizen = await join(urlB);
    expect(a.app.live.instanceId).not.toBe(b.app.live.instanceId);
    const channel = auctioneer.state.auctionNotice.batches[0].chatChannel.id;
    const text = `via ${bus} ${randomUUID()}`;
    auctioneer.c.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text });
    for (const party of [auctioneer, supplier, citizen]) {
      const { data } = await party.c.next("NEW_MESSAGE", (d) => d.text === text);
      expect(data.user.nameToScreen).toBe("Preg./Ag. Contrat.: Marina Albuquerque");
    }
    // And back: the supplier on B writes, the auctioneer on A reads it anonymously.
    const reply = `resposta ${randomUUID()}`;
    supplier.c.send(LIVE_EVENTS.newMessage, { chatChannel: channel, text: reply });
    const got = await auctioneer.c.next("NEW_MESSAGE", (d) => d.text === reply);
    expect(got.data.user.nameToScreen).toBe(
      `Licitante ${supplier.state.anonymousSupplierIdentificationNumber}`,
    );
    expect(got.data.userId).toBeNull();
    const own = await supplier.c.next("NEW_MESSAGE", (d) => d.text === reply);
    expect(own.data.userId).toBe(supplier.state.user.id);
  });

  it("counts the users of the other instance in the channel statistics", async () => {
    const watcher = await join(urlA);
    const supplier = await join(urlB, await b.login("fornecedor3@demo.com.br"));
    const n = supplier.state.anonymousSupplierIdentificationNumber;
    const online = (d: { onlineSuppliers: { anonymousSupplierIdentificationNumber: number }[] }) =>
      d.onlineSuppliers.some((s) => s.anonymousSupplierIdentificationNumber === n);
    await watcher.c.next("CHANNEL_STATISTICS", online);
    await supplier.c.close();
    await watcher.c.next("CHANNEL_STATISTICS", (d) => !online(d));
  });
});
