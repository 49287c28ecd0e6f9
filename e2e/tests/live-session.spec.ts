import { expect, type Page, test } from "@playwright/test";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice } from "../support/room-api";
import { advanceTo, bidInput, controlPanel, LIVE, lotRow, openRoom } from "../support/room-page";

// Issue 4 "Browser": the auctioneer and two suppliers, each in a browser context of their own, run a
// lot from CLOSED_FOR_OFFERS to its close and see each other's bids, timers and chat live; a citizen
// watches read-only. Then (issue 5) the auctioneer disqualifies the winner and the lot passes on.
//
// The session runs on a notice of its own, prepared through the real HTTP API (create, lot, notice
// file, publish, the suppliers' initial proposals) rather than on the demo room: the other specs
// read the demo room's three lots in CLOSED_FOR_OFFERS, and a lot of theirs moved to BIDDING would
// change what they see. Only fornecedor1 and
// fornecedor3 take part, both ME/EPP, so the close has no fictitious tie (LC 123/2006 art. 44) and
// the engine moves the lot straight to NEGOTIATION.
//
// The session runs on a server of its own with the test clock (support/own-server.ts): the proposal
// window and the 10-minute OPEN bidding end by jumps of the server's clock, not by waiting; the
// countdowns keep running between jumps. The accounts enter with the session cookie of the login
// call (the login screen has its own spec); everything in the room is done on screen.

const AUCTIONEER = "pregoeiro@demo.gov.br";
const SUPPLIER_1 = "fornecedor1@demo.com.br";
const SUPPLIER_3 = "fornecedor3@demo.com.br";
const CITIZEN = "cidadao@demo.com.br";
/** Names the bids must never show in the confidential phases (trading-room §4 "Anonymity"). */
const SUPPLIER_NAMES = /Ribeiro|Souza|Carvalho/;

/** Past the OPEN bidding's 10 minutes (no bid in its last 2 extends it). */
const PAST_BIDDING_MS = 15 * 60_000;

const bidTable = (page: Page) => page.getByRole("table", { name: "Lances" });
const chatMessages = (page: Page) => page.getByRole("list", { name: "Mensagens" }).getByRole("listitem");

/** Types a bid in the control panel (digits as cents, like a user) and sends it with Enter. */
async function bid(page: Page, digits: string): Promise<void> {
  const input = bidInput(page);
  await expect(input).toBeEnabled(LIVE);
  await input.pressSequentially(digits);
  await input.press("Enter");
  await expect(input).toHaveValue("", LIVE);
}

/** The lot's countdown moves: two different readings of 'Tempo restante' (mm:ss). */
async function expectCountingDown(page: Page): Promise<void> {
  const clock = lotRow(page).getByLabel("Tempo restante");
  await expect(clock).toHaveText(/^\d{2}:\d{2}$/, LIVE);
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? "", LIVE);
}

const server = useOwnServer();

test("auctioneer, two suppliers and a citizen run a lot live from CLOSED_FOR_OFFERS to NEGOTIATION; a disqualified winner hands it on", async ({
  browser,
}) => {
  // Four live rooms and some forty browser steps on a loaded machine; no term is waited out.
  // It takes about a minute alone, under two with the suite; the bound leaves room for a slow machine.
  test.setTimeout(180_000);

  const { baseUrl: origin, api, clock } = server();
  // fornecedor1 saves first: 'Licitante 1'; fornecedor3: 'Licitante 2'.
  const notice = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [SUPPLIER_1]: 9_500, [SUPPLIER_3]: 9_700 },
  });

  const [auctioneer, supplier1, supplier3, citizen] = await Promise.all([
    openRoom(browser, origin, AUCTIONEER, notice.id),
    openRoom(browser, origin, SUPPLIER_1, notice.id),
    openRoom(browser, origin, SUPPLIER_3, notice.id),
    openRoom(browser, origin, CITIZEN, notice.id),
  ]);
  const everyone = [auctioneer, supplier1, supplier3, citizen];
  const suppliers = [supplier1, supplier3];

  // The proposal window ends by the server clock; every room sees the lot close for offers.
  await clock.to(notice.proposalsEnd);
  for (const page of everyone) await expect(lotRow(page)).toContainText("Fechado para propostas", LIVE);
  // Only the auctioneer has the phase buttons; nobody may bid yet.
  for (const page of [...suppliers, citizen]) {
    await expect(page.getByRole("button", { name: "Próxima fase" })).toHaveCount(0);
    await expect(bidInput(page)).toHaveCount(0);
  }

  await advanceTo(auctioneer, "Sessão pública");
  for (const page of everyone) await expect(lotRow(page)).toContainText("Sessão pública", LIVE);
  await advanceTo(auctioneer, "Disputa de lances");
  for (const page of everyone) await expect(lotRow(page)).toContainText("Disputa", LIVE);

  // The bids go in while every room's timer is read counting down: fornecedor3 covers the best
  // proposal (R$ 95,00) and fornecedor1 sees it, anonymous.
  const seenBy1 = bidTable(supplier1).getByRole("row").filter({ hasText: "R$ 94,00" });
  await Promise.all([
    (async () => {
      await bid(supplier3, "9400");
      await expect(seenBy1).toBeVisible(LIVE);
    })(),
    ...everyone.map(expectCountingDown),
  ]);
  await expect(seenBy1).toContainText("Licitante 2");
  await expect(seenBy1).not.toContainText(SUPPLIER_NAMES);
  await expect(controlPanel(auctioneer)).toContainText("R$ 94,00", LIVE);

  // fornecedor1 answers; fornecedor3 and the citizen see it.
  await bid(supplier1, "9300");
  for (const page of [supplier3, citizen, auctioneer]) {
    const row = bidTable(page).getByRole("row").filter({ hasText: "R$ 93,00" });
    await expect(row).toBeVisible(LIVE);
    await expect(row).toContainText("Licitante 1");
    await expect(row).not.toContainText(SUPPLIER_NAMES);
  }

  // The auctioneer's chat message reaches both suppliers and the citizen.
  const text = `Senhores licitantes, a disputa segue aberta (${Date.now()})`;
  const chatInput = auctioneer.getByRole("textbox", { name: "Mensagem" });
  await expect(chatInput).toBeEnabled();
  await chatInput.fill(text);
  await chatInput.press("Enter");
  await expect(chatInput).toHaveValue("");
  for (const page of [supplier1, supplier3, citizen]) {
    const seen = chatMessages(page).filter({ hasText: text });
    await expect(seen).toBeVisible(LIVE);
    await expect(seen).toHaveAttribute("data-sender", "AUCTIONEER");
  }

  // The citizen watches read-only: no bid input, the chat disabled, no phase control.
  await expect(bidInput(citizen)).toHaveCount(0);
  await expect(citizen.getByRole("textbox", { name: "Mensagem" })).toBeDisabled();
  await expect(citizen.getByRole("button", { name: "Próxima fase" })).toHaveCount(0);

  // No more bids: the server's clock jumps past the OPEN bidding's end, the lot closes by its timer,
  // and with no fictitious tie (both ME/EPP) the engine moves it to NEGOTIATION with the best-placed
  // supplier; every room sees it, in the control panel and in the lot list: the list filter is the
  // user's choice (issue 12), so the lot entering and leaving BIDDING never hid it.
  await clock.advance(PAST_BIDDING_MS);
  for (const page of everyone) await expect(controlPanel(page)).toContainText("Negociação", LIVE);
  for (const page of everyone) await expect(lotRow(page)).toContainText("Negociação", LIVE);
  await expect(controlPanel(auctioneer)).toContainText("R$ 93,00");
  // In NEGOTIATION only the best-placed supplier (fornecedor1) may bid (Lei 14.133 art. 61).
  await expect(bidInput(supplier1)).toBeEnabled(LIVE);
  await expect(bidInput(supplier3)).toBeDisabled();
  await expect(bidInput(citizen)).toHaveCount(0);
  // The citizen still sees the bids of the closed dispute.
  await expect(bidTable(citizen).getByRole("row").filter({ hasText: "R$ 94,00" })).toBeVisible();

  // The auctioneer disqualifies the winner's bid from the bid table: the lot passes to the next in
  // the ranking (fornecedor3, 'Licitante 2'), who may now negotiate; fornecedor1 no longer may.
  await bidTable(auctioneer).getByRole("row").filter({ hasText: "R$ 93,00" }).click();
  await auctioneer.getByRole("button", { name: "Desclassificar", exact: true }).click();
  const disqualify = auctioneer.getByRole("dialog", { name: "Desclassificar lance" });
  await expect(disqualify).toBeVisible(LIVE);
  await disqualify
    .getByRole("textbox", { name: /^Motivo/ })
    .fill("Proposta em desacordo com o termo de referência");
  await disqualify.getByRole("button", { name: "Confirmar desclassificação" }).click();
  await expect(disqualify).toBeHidden(LIVE);
  await expect(chatMessages(citizen).filter({ hasText: "O lote/item 1 passa ao Licitante 2" })).toBeVisible(
    LIVE,
  );
  await expect(bidInput(supplier3)).toBeEnabled(LIVE);
  await expect(bidInput(supplier1)).toBeDisabled(LIVE);
  await expect(controlPanel(citizen)).toContainText("R$ 94,00", LIVE);
  // The new winner negotiates a better price, confirmed in 'Novo lance' (§2.6: it cannot be
  // cancelled); everyone sees it as the best bid.
  const input3 = bidInput(supplier3);
  await input3.pressSequentially("9200");
  await input3.press("Enter");
  const confirm = supplier3.getByRole("dialog", { name: "Novo lance" });
  await expect(confirm).toContainText(
    "Seu lance atual é de R$ 94,00, deseja mesmo cadastrar um novo lance no valor de R$ 92,00?",
    LIVE,
  );
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(confirm).toBeHidden(LIVE);
  await expect(controlPanel(citizen)).toContainText("R$ 92,00", LIVE);
  await expect(bidTable(auctioneer).getByRole("row").filter({ hasText: "R$ 92,00" })).toBeVisible(LIVE);

  for (const page of everyone) await page.context().close();
});
