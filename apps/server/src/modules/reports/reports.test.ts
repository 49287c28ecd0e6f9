// 'Atualizar relatórios' (trading-room §2.3, §6 RECREATE_REPORTS, §7 recreate_reports) over real
// WebSockets and PostgreSQL: the session minutes of the demo room, filed with the notice's public
// documents (the earlier minutes retired), anonymous while the lot is confidential, refused to
// suppliers and citizens, in the hash-chained event log.

import path from "node:path";
import { CONTROL_EVENTS, LIVE_EVENTS, REPORT_EVENTS } from "@certame/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  act,
  advance,
  closeParties,
  lotDue,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
  supplierIdentities,
} from "../../../test/room-session";
import { createTestApp, type TestApp, TestClock } from "../../../test/test-app";
import { listEvents, verifyChain } from "../../events/event-log.repository";
import { FileStorage } from "../../files/file-storage";
import { findMinutesNotice } from "./reports.repository";
import { ReportsService } from "./reports.service";

const clock = new TestClock();
let t: TestApp;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  const url = await t.listen();
  p = await openParties(t, url);
  lots = await roomLots(t);
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

const recreate = (who: Party, auctionNoticeId = ROOM) =>
  act(p[who].c, REPORT_EVENTS.recreateReports, { auctionNoticeId });
const publicDocuments = async () =>
  (await t.post("/api/public/auction/documents/list", { auctionNoticeId: ROOM })).json().documents as {
    id: string;
    kind: string;
    name: string;
    url: string;
  }[];

describe("the session minutes", () => {
  it("are refused to suppliers and citizens, and for another process", async () => {
    for (const who of ["supplier1", "citizen"] as const)
      expect(await recreate(who)).toEqual({
        ok: false,
        message: "Você não tem permissão para atualizar os relatórios deste processo.",
      });
    expect(await recreate("auctioneer", lots[1] as string)).toEqual({
      ok: false,
      message: "O evento não pertence a este processo.",
    });
    expect((await publicDocuments()).filter((d) => d.kind === "SESSION_MINUTES")).toEqual([]);
  });

  it("while lot 2 is bidding: ranked by best bid, bidders only by their numbers", async () => {
    await advance(p.auctioneer.c, [lots[2] as string], "PUBLIC_SESSION");
    await advance(p.auctioneer.c, [lots[2] as string], "BIDDING");
    expect((await act(p.supplier3.c, LIVE_EVENTS.placeNewBid, { batchId: lots[2], value: 32000 })).ok).toBe(
      true,
    );
    const service = new ReportsService(t.db, new FileStorage(path.join(t.dataDir, "files")), clock.now);
    const notice = await findMinutesNotice(t.db, ROOM);
    const data = await service.minutesData(notice as NonNullable<typeof notice>, clock.now());
    const lot2 = data.lots.find((l) => l.number === 2);
    const n = (who: Party) => p[who].state.anonymousSupplierIdentificationNumber as number;
    // No winner while bidding runs.
    expect(lot2?.ranking).toEqual([
      { position: 1, bidder: `Licitante ${n("supplier3")}`, value: "R$ 320,00", standing: "—" },
      { position: 2, bidder: `Licitante ${n("supplier1")}`, value: "R$ 330,00", standing: "—" },
      { position: 3, bidder: `Licitante ${n("supplier2")}`, value: "R$ 339,00", standing: "—" },
    ]);
    // Lot 1 never opened: its initial proposals are still sealed (Lei 14.133 art. 13).
    expect(data.lots.find((l) => l.number === 1)?.ranking).toEqual([]);
    expect(data.occurrences.map((o) => o.lots)).toContainEqual([2]);
    const text = JSON.stringify(data);
    for (const identity of await supplierIdentities(t)) expect(text).not.toContain(identity);
  });

  it("once the bidding closed: the winner, and a disqualified bidder, by their standing", async () => {
    await p.citizen.c.next("NEW_BID_PLACED");
    clock.set(lotDue(p.citizen.c, lots[2] as string));
    await t.runDueTimers();
    await p.citizen.c.next("PHASE_ADVANCED", (d) => d.newPhase === "NEGOTIATION");
    const channel = (
      p.auctioneer.state.auctionNotice.batches as { id: string; chatChannel: { id: string } }[]
    ).find((b) => b.id === lots[2])?.chatChannel.id;
    const n = (who: Party) => p[who].state.anonymousSupplierIdentificationNumber as number;
    const toggled = await act(p.auctioneer.c, CONTROL_EVENTS.toggleSupplierStatus, {
      batchId: lots[2],
      chatChannelId: channel,
      anonymousSupplierIdentificationNumber: n("supplier2"),
      kind: "DISQUALIFY",
      reason: "Marca diferente da exigida",
    });
    expect(toggled.ok).toBe(true);
    const service = new ReportsService(t.db, new FileStorage(path.join(t.dataDir, "files")), clock.now);
    const notice = await findMinutesNotice(t.db, ROOM);
    const data = await service.minutesData(notice as NonNullable<typeof notice>, clock.now());
    expect(data.lots.find((l) => l.number === 2)?.ranking.map((r) => [r.position, r.standing])).toEqual([
      [1, "Vencedor"],
      [2, "—"],
      [3, "Desclassificado"],
    ]);
  });

  it("the auctioneer files them with the notice's public documents; a new version retires the old", async () => {
    const first = await recreate("auctioneer");
    expect(first).toEqual({
      ok: true,
      data: {
        event: REPORT_EVENTS.recreateReports,
        documentId: expect.any(String),
        fileName: "Ata da sessão pública - PE 08-2026.pdf",
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    const second = await recreate("auctioneer");
    expect(second.ok).toBe(true);
    const minutes = (await publicDocuments()).filter((d) => d.kind === "SESSION_MINUTES");
    expect(minutes.map((d) => d.id)).toEqual([second.ok && second.data.documentId]);
    const file = await t.app.inject({ method: "GET", url: minutes[0]?.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.rawPayload.subarray(-6).toString()).toContain("%%EOF");
  });

  it("each version is in the notice's event log", async () => {
    const events = await listEvents(t.db, ROOM);
    expect(events.filter((e) => e.eventType === "REPORTS_RECREATED")).toHaveLength(2);
    expect(await verifyChain(t.db, ROOM)).toBeNull();
  });
});
