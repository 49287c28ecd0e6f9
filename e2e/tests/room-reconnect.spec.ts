import { expect, type Page, test, type WebSocketRoute } from "@playwright/test";
import { LIVE_EVENTS } from "../../packages/domain/src/room/live-events";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice } from "../support/room-api";
import { advanceTo, announcer, bidInput, controlPanel, LIVE, openRoom } from "../support/room-page";

// Issue 22 items 3–4, as a supplier on a phone lives it: its network drops mid-bidding. The room
// says it is reconnecting and keeps the bid typed so far; another supplier bids meanwhile; back on
// the network the room resumes from its last event (RESUMED, not the whole state again), hears the
// bid it missed, and the typed bid is sent from the same input.

const AUCTIONEER = "pregoeiro@demo.gov.br";
const SUPPLIER_1 = "fornecedor1@demo.com.br";
const SUPPLIER_3 = "fornecedor3@demo.com.br";

const server = useOwnServer();

/** A browser whose room socket goes through a switch: off, the link drops and reconnections fail. */
function networkSwitch() {
  let online = true;
  const links: WebSocketRoute[] = [];
  const sent: string[] = [];
  const received: string[] = [];
  return {
    route: (ws: WebSocketRoute) => {
      if (!online) {
        void ws.close({ code: 1006 });
        return;
      }
      const upstream = ws.connectToServer();
      ws.onMessage((message) => {
        sent.push(String(message));
        upstream.send(message);
      });
      upstream.onMessage((message) => {
        received.push(String(message));
        ws.send(message);
      });
      links.push(ws);
    },
    async off() {
      online = false;
      for (const link of links.splice(0)) await link.close({ code: 1006 });
    },
    on() {
      online = true;
    },
    sent,
    received,
  };
}

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a dropped connection is announced, keeps the typed bid and resumes with the missed bid", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { baseUrl: origin, api, clock } = server();
  const notice = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [SUPPLIER_1]: 9_500, [SUPPLIER_3]: 9_700 },
  });
  await clock.to(notice.proposalsEnd);

  const net = networkSwitch();
  const [auctioneer, other, phone] = await Promise.all([
    openRoom(browser, origin, AUCTIONEER, notice.id, {
      viewport: { width: 1440, height: 900 },
      ready: controlPanel,
    }),
    openRoom(browser, origin, SUPPLIER_1, notice.id, {
      viewport: { width: 1440, height: 900 },
      ready: controlPanel,
    }),
    openRoom(browser, origin, SUPPLIER_3, notice.id, {
      viewport: { width: 390, height: 844 },
      ready: controlPanel,
      prepare: (context) => context.routeWebSocket(/\/api\/ws$/, net.route),
    }),
  ]);
  await advanceTo(auctioneer, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  const input = bidInput(phone);
  await expect(input).toBeEnabled(LIVE);
  await input.pressSequentially("9300");
  const typed = await input.inputValue();
  expect(typed).toContain("93,00");

  await net.off();
  await expect(status(phone, "Conectando...")).toBeVisible(LIVE);
  await expectNoSeriousAxeFindings(phone, "sala reconectando no celular");

  // fornecedor1 bids while fornecedor3's phone is away.
  const otherInput = bidInput(other);
  await otherInput.pressSequentially("9400");
  await otherInput.press("Enter");
  await expect(announcer(other, "Avisos do seu lance")).toHaveText(
    "Seu lance de R$ 94,00 no lote 1 foi aceito.",
    LIVE,
  );
  await expect(input).toHaveValue(typed);

  net.on();
  await expect(status(phone, "Conectado")).toBeVisible(LIVE);
  await expect(announcer(phone, "Avisos de lances")).toHaveText("Lote 1: novo melhor lance R$ 94,00.", LIVE);
  // It resumed: the register after the drop named its last sequence, and the server answered RESUMED.
  const registers = net.sent.map((m) => JSON.parse(m)).filter((m) => m.event === LIVE_EVENTS.register);
  expect(registers.at(-1)?.data.lastSeq).toEqual(expect.any(Number));
  expect(net.received.some((m) => JSON.parse(m).action === "RESUMED")).toBe(true);
  await expect(input).toHaveValue(typed);
  const box = await input.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  await input.press("Enter");
  await expect(announcer(phone, "Avisos do seu lance")).toHaveText(
    "Seu lance de R$ 93,00 no lote 1 foi aceito.",
    LIVE,
  );
  for (const page of [auctioneer, other, phone])
    await expect(announcer(page, "Avisos de lances")).toHaveText("Lote 1: novo melhor lance R$ 93,00.", LIVE);
});
