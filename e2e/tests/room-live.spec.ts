import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice } from "../support/room-api";
import {
  advanceTo,
  announcer,
  bidInput,
  controlPanel,
  LIVE,
  openRoom,
  ROOM_START,
} from "../support/room-page";

// Issue 12 items 2–4, the live room as people hear and see it: the polite live regions receive the
// phase change and the new best bid; each supplier sees its own anonymous number; a bid far below
// the best asks 'Confirmar lance'; an accepted bid is confirmed; at the close the fictitious tie
// (LC 123/2006 art. 44) calls the ME/EPP, and only that supplier gets the tie-break banner, with the
// value to beat and its countdown; the call's chat line follows the phase line.
//
// Two notices of their own (room-api prepareRoomNotice) on a server of their own with the test
// clock. In the first, fornecedor1 ('Licitante 1') and fornecedor3 ('Licitante 2'), both ME/EPP,
// bid. In the second, fornecedor2 (not a small business, 'Licitante 1'; its subscription has
// lapsed, so it watches without bidding) proposes R$ 95,00 and fornecedor1 (ME/EPP, 'Licitante 2')
// R$ 97,00, within 5 % of the best: the close calls fornecedor1.

const AUCTIONEER = "pregoeiro@demo.gov.br";
const SUPPLIER_1 = "fornecedor1@demo.com.br";
const SUPPLIER_2 = "fornecedor2@demo.com.br";
const SUPPLIER_3 = "fornecedor3@demo.com.br";

/**
 * Past the OPEN bidding's 10 minutes (no bid in its last 2 extends it) but inside the tie call's 5
 * minutes that the close opens: a longer jump would run the call's deadline too.
 */
const PAST_BIDDING_MS = 11 * 60_000;

const banner = (page: Page) => page.getByRole("region", { name: /^Convocação para desempate/ });
const chatMessages = (page: Page) => page.getByRole("list", { name: "Mensagens" }).getByRole("listitem");

const server = useOwnServer();

test("live regions announce phases and best bids; the tie-break banner goes to the called ME/EPP only", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { baseUrl: origin, api, clock } = server();
  const bidding = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [SUPPLIER_1]: 9_500, [SUPPLIER_3]: 9_700 },
  });
  const tie = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [SUPPLIER_2]: 9_500, [SUPPLIER_1]: 9_700 },
    largeCompanies: [SUPPLIER_2],
  });
  await clock.to(new Date(Math.max(bidding.proposalsEnd.getTime(), tie.proposalsEnd.getTime())));

  const [auctioneer, smallBusiness, other] = await Promise.all([
    openRoom(browser, origin, AUCTIONEER, bidding.id, {
      viewport: { width: 1440, height: 900 },
      ready: controlPanel,
    }),
    openRoom(browser, origin, SUPPLIER_1, bidding.id, {
      viewport: { width: 1440, height: 900 },
      ready: controlPanel,
    }),
    openRoom(browser, origin, SUPPLIER_3, bidding.id, {
      viewport: { width: 1440, height: 900 },
      ready: controlPanel,
    }),
  ]);
  const everyone = [auctioneer, smallBusiness, other];

  // Each supplier sees its own anonymous number in the room header; the auctioneer has none.
  await expect(smallBusiness.getByText("Você é o Licitante 1")).toBeVisible();
  await expect(other.getByText("Você é o Licitante 2")).toBeVisible();
  await expect(auctioneer.getByText(/Você é o Licitante/)).toHaveCount(0);
  // The sound option is there, off by default.
  await expect(smallBusiness.getByRole("switch", { name: "Avisar com som" })).not.toBeChecked();

  // The phase change reaches every room's polite region.
  await advanceTo(auctioneer, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  for (const page of everyone) {
    const room = announcer(page, "Avisos da sala");
    await expect(room).toHaveAttribute("aria-live", "polite");
    await expect(room).toHaveText("Lote 1: fase Disputa de lances.", LIVE);
  }

  // A slip (R$ 0,01 against the best R$ 95,00) asks 'Confirmar lance' first; cancelled, nothing goes.
  const input = bidInput(other);
  await expect(input).toBeEnabled(LIVE);
  await input.pressSequentially("1");
  await input.press("Enter");
  const confirm = other.getByRole("dialog", { name: "Confirmar lance" });
  await expect(confirm).toContainText(
    "O lance de R$ 0,01 está 99,99 % abaixo do melhor lance do lote (R$ 95,00).",
    LIVE,
  );
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();

  // A valid bid: a short confirmation for its author, and the new best bid announced to everyone.
  await input.fill("");
  await input.pressSequentially("9400");
  await input.press("Enter");
  await expect(input).toHaveValue("", LIVE);
  await expect(other.getByText("Lance de R$ 94,00 registrado no lote 1.")).toBeVisible(LIVE);
  await expect(announcer(other, "Avisos do seu lance")).toHaveText(
    "Seu lance de R$ 94,00 no lote 1 foi aceito.",
    LIVE,
  );
  for (const page of everyone)
    await expect(announcer(page, "Avisos de lances")).toHaveText("Lote 1: novo melhor lance R$ 94,00.", LIVE);

  // The last minute (§2.2, §9): the server clock jumps to 40 s before the close; every room hears
  // it, and the countdown bar turns red (yellow from 119 s, red under 60 s — the spec's rule).
  const bar = controlPanel(auctioneer).getByRole("progressbar");
  await expect(bar).toHaveAttribute("style", /--progress-section-color: var\(--mantine-color-blue/);
  const left = ((await controlPanel(auctioneer).getByLabel("Tempo restante").textContent()) ?? "").split(":");
  await clock.advance((Number(left[0]) * 60 + Number(left[1]) - 40) * 1000);
  for (const page of everyone)
    await expect(announcer(page, "Avisos da sala")).toHaveText("Lote 1: último minuto da disputa.", LIVE);
  await expect(bar).toHaveAttribute("style", /--progress-section-color: var\(--mantine-color-red/);
  await other.context().close();

  // The second notice: the auctioneer and fornecedor1 go there; fornecedor2 joins.
  for (const page of [auctioneer, smallBusiness]) {
    await page.goto(`/sala-de-negociacao/${tie.id}`);
    await expect(controlPanel(page)).toBeVisible(ROOM_START);
  }
  const large = await openRoom(browser, origin, SUPPLIER_2, tie.id, {
    viewport: { width: 1440, height: 900 },
    ready: controlPanel,
  });
  const tieRooms = [auctioneer, smallBusiness, large];
  await expect(smallBusiness.getByText("Você é o Licitante 2")).toBeVisible();
  await expect(large.getByText("Você é o Licitante 1")).toBeVisible();
  await advanceTo(auctioneer, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  for (const page of tieRooms)
    await expect(announcer(page, "Avisos da sala")).toHaveText("Lote 1: fase Disputa de lances.", LIVE);

  // The close: fornecedor1 (ME/EPP) within 5 % of the large company's best is called.
  for (const page of tieRooms) await expect(banner(page)).toHaveCount(0);
  await clock.advance(PAST_BIDDING_MS);
  const called = banner(smallBusiness);
  await expect(called).toBeVisible(LIVE);
  await expect(called).toHaveAccessibleName("Convocação para desempate (ME/EPP) — Lote 1");
  await expect(called).toContainText("Você (Licitante 2) foi convocado(a)");
  await expect(called).toContainText("R$ 95,00");
  const countdown = called.getByText(/^0\d:\d{2}$/);
  await expect(countdown).toBeVisible();
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? "", LIVE);
  await expect(announcer(smallBusiness, "Avisos da sala")).toContainText(
    "Lote 1: você (Licitante 2) foi convocado(a) para o desempate (ME/EPP). Apresente lance melhor que R$ 95,00",
    LIVE,
  );
  // Nobody else gets the banner; the auctioneer hears who was called.
  await expect(announcer(auctioneer, "Avisos da sala")).toContainText(
    "Lote 1: Licitante 2 (ME/EPP) convocado(a) para o desempate.",
    LIVE,
  );
  await expect(banner(large)).toHaveCount(0);
  await expect(banner(auctioneer)).toHaveCount(0);
  // The banner sits inside the viewport, and the room with it has no serious axe finding.
  const box = await called.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 1440).toBe(true);
  await expectNoSeriousAxeFindings(smallBusiness, "sala com a convocação para desempate");

  // Read again (a reload), the chat keeps the call's line after the phase line, and the banner stays.
  await smallBusiness.reload();
  await expect(banner(smallBusiness)).toBeVisible(ROOM_START);
  const texts = chatMessages(smallBusiness);
  await expect(texts.filter({ hasText: "Empate ficto" })).toBeVisible(LIVE);
  const all = await texts.allTextContents();
  const phaseLine = all.findIndex((t) => /avançou para a fase Desempate/.test(t));
  const callLine = all.findIndex((t) => t.includes("Empate ficto"));
  expect(phaseLine).toBeGreaterThanOrEqual(0);
  expect(callLine).toBeGreaterThan(phaseLine);

  for (const page of tieRooms) await page.context().close();
});
