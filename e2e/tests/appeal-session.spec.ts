import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { brasiliaDate, chooseOption, smallPdf } from "../support/notice-wizard";
import { useOwnServer } from "../support/own-server";
import { prepareRoomNotice, renewSession, sessionState } from "../support/room-api";

// Issue 5 "Browser", the third test: after a bidding session the winner attaches a readjusted
// proposal and qualification documents, a losing supplier manifests interest and attaches an appeal,
// the auctioneer judges it, and the lot reaches CLOSING (trading-room §2.3, §2.6, §4, §6; Lei 14.133
// art. 165; docs/live-room.md "Winner's documents", "Appeals").
//
// Every term here is the legal one — the proposal window, the 10-minute OPEN bidding, the interest
// window, 3 business days for the reasons and 3 more for the counter-arguments (DESIGN §4) — and the
// test jumps over each with the server's test clock (a server of its own: support/own-server.ts)
// instead of waiting. The terms the room shows ('… até dd/mm/aaaa hh:mm') are read off the screen and
// the clock is moved past them. A jump of days outlives the 12-hour sessions, so after one the
// users who still act log in again, as a person coming back days later would.
//
// Nobody bids: both suppliers are ME/EPP (no fictitious tie) and the best initial proposal
// (fornecedor1) wins. Only fornecedor1 (winner, 'Licitante 1') and fornecedor3 (loser, 'Licitante 2')
// take part. The accounts enter with the login call's session cookie (the login screen has its own spec).

const INTEREST_MINUTES = 15;
/** The loser's reason for its appeal, read back in the judgement. */
const REASON = "A proposta vencedora não atende ao item 3.2 do termo de referência.";

const AUCTIONEER = "pregoeiro@demo.gov.br";
const WINNER = "fornecedor1@demo.com.br";
const LOSER = "fornecedor3@demo.com.br";
const CITIZEN = "cidadao@demo.com.br";

/** Live updates on a busy machine: generous, never a fixed sleep. */
const LIVE = { timeout: 30_000 };
const ROOM_START = { timeout: 60_000 };

const lotRow = (page: Page) =>
  page.getByRole("table", { name: "Lotes do processo" }).getByRole("row", { name: "Lote 1" });
const controlPanel = (page: Page) => page.getByRole("region", { name: "Painel de controle" });
const dialogCombobox = (page: Page) =>
  page
    .getByRole("dialog", { name: "Avançar para próxima fase" })
    .getByRole("combobox", { name: "Próxima fase" });
const chatMessages = (page: Page) => page.getByRole("list", { name: "Mensagens" }).getByRole("listitem");

const server = useOwnServer();

/** The instant of a term the room shows as '{name}: até dd/mm/aaaa hh:mm' (Brasília, UTC−3). */
async function shownTermEnd(page: Page, name: string): Promise<Date> {
  const pattern = new RegExp(`${name}: até (\\d{2})/(\\d{2})/(\\d{4}) (\\d{2}):(\\d{2})`);
  await expect(controlPanel(page)).toContainText(pattern, LIVE);
  const match = pattern.exec((await controlPanel(page).textContent()) ?? "");
  if (!match) throw new Error(`prazo não encontrado: ${name}`);
  const [, day, month, year, hour, minute] = match.map(Number) as number[];
  return new Date(Date.UTC(year as number, (month as number) - 1, day, (hour as number) + 3, minute));
}

/** Each user logs in again (after a jump of days) and finds the room as it was left. */
async function renewSessions(rooms: [Page, string][]): Promise<void> {
  const { baseUrl } = server();
  for (const [page, login] of rooms) {
    await renewSession(page, baseUrl, login);
    await expect(page.getByRole("status").filter({ hasText: "Conectado" })).toBeVisible(ROOM_START);
    await expect(lotRow(page)).toBeVisible(ROOM_START);
  }
}

/** A browser context of its own for the account, on this spec's server, once the room is live. */
async function openRoom(browser: Browser, login: string, noticeId: string): Promise<Page> {
  const baseURL = server().baseUrl;
  const context = await browser.newContext({ baseURL, storageState: await sessionState(baseURL, login) });
  const page = await context.newPage();
  await page.goto(`/sala-de-negociacao/${noticeId}`);
  await expect(page.getByRole("status").filter({ hasText: "Conectado" })).toBeVisible(ROOM_START);
  await expect(lotRow(page)).toBeVisible(ROOM_START);
  return page;
}

/**
 * The auctioneer's 'Próxima fase' → the phase modal → the phase → its appeal fields, if any →
 * 'Confirmar'; the modal closes once the server acknowledged the move.
 */
async function advanceTo(
  page: Page,
  phaseLabel: string | RegExp,
  fill?: (dialog: Locator) => Promise<void>,
): Promise<void> {
  await controlPanel(page).getByRole("button", { name: "Próxima fase" }).click();
  const dialog = page.getByRole("dialog", { name: "Avançar para próxima fase" });
  await expect(dialog).toBeVisible(LIVE);
  await dialog.getByRole("radio", { name: "Lote/item selecionado" }).check();
  await chooseOption(page, dialog.getByRole("combobox", { name: "Próxima fase" }), phaseLabel);
  await fill?.(dialog);
  await dialog.getByRole("button", { name: "Confirmar" }).click();
  await expect(dialog).toBeHidden(LIVE);
}

/** Every room shows the lot in the phase (the control panel shows the selected lot whatever the filter). */
async function expectPhase(pages: Page[], label: string): Promise<void> {
  for (const page of pages) await expect(controlPanel(page)).toContainText(label, LIVE);
}

/** Opens an action of the control panel and returns its modal (titles are cut at 30 characters). */
async function openAction(page: Page, button: string, title: RegExp): Promise<Locator> {
  await controlPanel(page).getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible(LIVE);
  return dialog;
}

const pdf = (name: string, title: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: smallPdf(title),
});

// Three steps of one session, in order, on the same rooms (a failed step skips the rest).
test.describe.configure({ mode: "serial" });

let auctioneer: Page;
let winner: Page;
let loser: Page;
let everyone: Page[];
let noticeId: string;
let proposalsEnd: Date;

test.beforeAll(async ({ browser }) => {
  // Three rooms opening on a loaded machine.
  test.setTimeout(120_000);
  const { api, clock } = server();
  // fornecedor1 saves first: 'Licitante 1', the best proposal; fornecedor3: 'Licitante 2'.
  const notice = await prepareRoomNotice(api, clock, {
    proposalsWindowMs: 60 * 60_000,
    proposals: { [WINNER]: 9_500, [LOSER]: 9_700 },
  });
  noticeId = notice.id;
  proposalsEnd = notice.proposalsEnd;
  [auctioneer, winner, loser] = await Promise.all([
    openRoom(browser, AUCTIONEER, notice.id),
    openRoom(browser, WINNER, notice.id),
    openRoom(browser, LOSER, notice.id),
  ]);
  everyone = [auctioneer, winner, loser];
});

test.afterAll(async () => {
  for (const page of everyone ?? []) await page.context().close();
});

// Each step takes well under a minute alone; the bound leaves room for a loaded machine.
test("the bidding closes by the clock; the winner sends its readjusted proposal and qualification documents", async () => {
  test.setTimeout(120_000);
  const { clock } = server();
  // The bidding session: the proposal window ends by the server clock, the auctioneer opens the
  // session and the dispute; nobody bids, the OPEN bidding closes after its 10 minutes and the
  // engine moves the lot to NEGOTIATION with the best-placed supplier.
  await clock.to(proposalsEnd);
  await expect(lotRow(auctioneer)).toContainText("Fechado para propostas", LIVE);
  await advanceTo(auctioneer, "Sessão pública");
  await expectPhase(everyone, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  await expectPhase(everyone, "Disputa");
  await clock.advance(15 * 60_000);
  await expectPhase(everyone, "Negociação");

  // The auctioneer starts the readjusted proposals' window on a fixed date (§5 'Data fixa').
  const deadline = await openAction(
    auctioneer,
    "Iniciar Prazo Para envio das Propostas Ajustadas",
    /^Iniciar Prazo Para envio das/,
  );
  await deadline.getByRole("radio", { name: "Data fixa" }).check();
  const tomorrow = brasiliaDate(1, await clock.now());
  await deadline.getByRole("textbox", { name: "Data limite" }).fill(tomorrow);
  await deadline.getByRole("textbox", { name: "Hora limite" }).fill("18:00");
  await deadline.getByRole("button", { name: "Confirmar" }).click();
  await expect(deadline).toBeHidden(LIVE);
  for (const page of everyone)
    await expect(controlPanel(page)).toContainText(
      `Prazo para envio dos documentos: até ${tomorrow} 18:00`,
      LIVE,
    );

  // Only the winner may attach the readjusted proposal; it does, with a real PDF.
  await expect(controlPanel(loser).getByRole("button", { name: /^Anexar proposta readequada/ })).toHaveCount(
    0,
  );
  const proposal = await openAction(
    winner,
    "Anexar proposta readequada e outros documentos",
    /^Anexar proposta readequada/,
  );
  await expect(proposal).toContainText("Nenhum arquivo anexado no momento", LIVE);
  await proposal.locator("input[type=file]").setInputFiles(pdf("proposta-readequada.pdf", "Proposta"));
  await proposal.getByRole("button", { name: "Confirmar" }).click();
  await expect(proposal).toBeHidden(LIVE);
  await expect(
    chatMessages(auctioneer).filter({ hasText: "Licitante 1 anexou a proposta readequada do lote/item 1." }),
  ).toBeVisible(LIVE);

  // QUALIFICATION: the winner files a new qualification document in its library and sends it.
  await advanceTo(auctioneer, "Habilitação");
  await expectPhase(everyone, "Habilitação");
  const qualification = await openAction(
    winner,
    "Anexar documentos de habilitação",
    /^Anexar documentos de habilitaç/,
  );
  // 'Anexar novo documento' files the upload in the library (kind OTHER) and selects it.
  const [chooser] = await Promise.all([
    winner.waitForEvent("filechooser"),
    qualification.getByRole("button", { name: "Anexar novo documento" }).click(),
  ]);
  await chooser.setFiles(pdf("certidao-fiscal.pdf", "Certidao"));
  await expect(qualification.getByRole("checkbox", { name: "Selecionar certidao-fiscal.pdf" })).toBeChecked(
    LIVE,
  );
  await qualification.getByRole("button", { name: "Confirmar" }).click();
  await expect(qualification).toBeHidden(LIVE);
  await expect(
    chatMessages(auctioneer).filter({
      hasText: "Licitante 1 anexou 1 documento de habilitação no lote/item 1.",
    }),
  ).toBeVisible(LIVE);

  // The auctioneer reads both documents of the winner.
  const documents = await openAction(
    auctioneer,
    "Visualizar documentos do vencedor",
    /^Visualizar documentos do venc/,
  );
  await expect(documents).toContainText("Proposta readequada - Licitante 1 - proposta-readequada.pdf", LIVE);
  await expect(documents).toContainText("Documento de habilitação - Licitante 1 - certidao-fiscal.pdf", LIVE);
  await documents.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await expect(documents).toBeHidden(LIVE);
});

test("a loser manifests its intention and appeals; the reasons and counter-arguments terms end by jumps", async () => {
  test.setTimeout(120_000);
  const { clock } = server();
  // The interest window, set by the auctioneer to INTEREST_MINUTES minutes; the loser manifests its intention.
  await advanceTo(auctioneer, /^Manifestação de interesse de recurso$/, async (dialog) => {
    await dialog
      .getByRole("radio", { name: "Duração definida pelo pregoeiro/agente de contratação" })
      .check();
    await dialog.getByRole("textbox", { name: "Duração (minutos)" }).fill(String(INTEREST_MINUTES));
  });
  const intention = await openAction(
    loser,
    "Indicar Interesse em interpor recursos",
    /^Indicar Interesse em interpor/,
  );
  await intention.getByRole("textbox", { name: "Motivo" }).fill(REASON);
  await intention.getByRole("button", { name: "Confirmar" }).click();
  await expect(intention).toBeHidden(LIVE);
  await expect(
    chatMessages(auctioneer).filter({
      hasText: `Licitante 2 manifestou intenção de recurso no lote/item 1. Motivo: ${REASON}`,
    }),
  ).toBeVisible(LIVE);

  // The window runs out (a jump past the end the room shows); the lot goes to the reasons phase
  // with the legal term.
  await clock.to(
    new Date(
      (await shownTermEnd(auctioneer, "Prazo para manifestação de intenção de recurso")).getTime() + 60_000,
    ),
  );
  await expect(controlPanel(auctioneer)).toContainText(
    "Prazo para manifestação de intenção de recurso encerrado",
    LIVE,
  );
  await advanceTo(auctioneer, "Recebimento de recursos", async (dialog) => {
    await dialog.getByRole("radio", { name: "Prazo legal (3 dias úteis)" }).check();
  });
  await expectPhase(everyone, "Recebimento de recursos");

  // The loser attaches its appeal before the reasons term ends.
  const appeal = await openAction(loser, "Anexar recurso", /^Anexar recurso$/);
  await appeal.locator("input[type=file]").setInputFiles(pdf("recurso.pdf", "Recurso"));
  await appeal.getByRole("button", { name: "Confirmar" }).click();
  await expect(appeal).toBeHidden(LIVE);
  await expect(loser.getByText("Documento de recurso anexado com sucesso")).toBeVisible(LIVE);

  // The reasons term (3 business days), then the counter-arguments' term (nobody counter-argues):
  // each a jump past the end the room shows, then the users who act log in again (the winner only
  // watches from here on: its room keeps receiving the live changes).
  const rooms: [Page, string][] = [
    [auctioneer, AUCTIONEER],
    [loser, LOSER],
  ];
  const reasonsEnd = await shownTermEnd(auctioneer, "Prazo para envio dos recursos");
  await clock.to(new Date(reasonsEnd.getTime() + 60_000));
  await renewSessions(rooms);
  await expect(controlPanel(auctioneer)).toContainText("Prazo para envio dos recursos encerrado", LIVE);
  await advanceTo(auctioneer, "Recebimento de contrarrazões");
  await expectPhase(everyone, "Recebimento de contrarrazões");
  const counterEnd = await shownTermEnd(auctioneer, "Prazo para envio das contrarrazões");
  // Three business days after the reasons' term, which itself was at least three days.
  expect(counterEnd.getTime() - reasonsEnd.getTime()).toBeGreaterThanOrEqual(3 * 86_400_000 - 60_000);
  await clock.to(new Date(counterEnd.getTime() + 60_000));
  await renewSessions(rooms);
  await expect(controlPanel(auctioneer)).toContainText("Prazo para envio das contrarrazões encerrado", LIVE);
  await advanceTo(auctioneer, "Julgamento de recursos");
  await expectPhase(everyone, "Julgamento de recursos");
});

test("the auctioneer judges the appeal; the lot reaches CLOSING, a citizen sees it and its result reaches the PNCP outbox", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The auctioneer judges the appeal: 'Indeferir', with a justification and the decision's file.
  const list = await openAction(auctioneer, "Visualizar e julgar recursos", /^Visualizar e julgar recursos/);
  const row = list
    .getByRole("table", { name: "Recursos apresentados" })
    .getByRole("row")
    .filter({ hasText: REASON });
  await expect(row).toContainText("Recurso - recurso.pdf", LIVE);
  await row.getByRole("button", { name: "Julgar" }).click();
  const judge = auctioneer.getByRole("dialog", { name: "Julgar recurso" });
  await expect(judge).toBeVisible(LIVE);
  await judge.getByRole("radio", { name: "Indeferir" }).check();
  await judge
    .getByRole("textbox", { name: "Justificativa" })
    .fill("O item 3.2 foi atendido pela proposta readequada e pelos documentos de habilitação.");
  await judge.locator("input[type=file]").setInputFiles(pdf("decisao.pdf", "Decisao"));
  await judge.getByRole("button", { name: "Confirmar" }).click();
  await expect(judge).toBeHidden(LIVE);
  await expect(auctioneer.getByText("Recurso julgado com sucesso!")).toBeVisible(LIVE);

  // The loser reads the judgement.
  const seen = await openAction(loser, "Visualizar recursos apresentados", /^Visualizar recursos apresentad/);
  await expect(
    seen.getByRole("table", { name: "Recursos apresentados" }).getByRole("row").filter({ hasText: REASON }),
  ).toContainText("Julgamento - decisao.pdf", LIVE);
  await seen.getByRole("button", { name: "Fechar", exact: true }).last().click();
  await expect(seen).toBeHidden(LIVE);

  // AWARDING, where 'Adjudicar o lote/item e Homologar o Processo' is offered; the auctioneer takes
  // the long way through HOMOLOGATION to CLOSING.
  await advanceTo(auctioneer, "Adjudicação");
  await expectPhase(everyone, "Adjudicação");
  await advanceTo(auctioneer, "Homologação", async () => {
    // The phase list was opened and closed by the choice: open it again to read the other option.
    await dialogCombobox(auctioneer).click();
    await expect(
      auctioneer.getByRole("option", { name: "Adjudicar o lote/item e Homologar o Processo" }),
    ).toBeVisible(LIVE);
    await auctioneer.getByRole("option", { name: "Homologação" }).click();
  });
  await expectPhase(everyone, "Homologação");
  await advanceTo(auctioneer, "Encerramento");
  await expectPhase(everyone, "Encerramento");

  // A citizen who comes in now sees the lot closed.
  const citizen = await openRoom(browser, CITIZEN, noticeId);
  await expect(lotRow(citizen)).toContainText("Encerramento", LIVE);
  await expect(controlPanel(citizen)).toContainText("Encerramento", LIVE);

  await citizen.context().close();

  // The national portal hears of the homologation (issue 19 item 5; PNCP manual 6.3.15): the server
  // has no PNCP credentials, so its outbox holds the lot's result with the room's winning proposal,
  // fornecedor1's R$ 95,00 for the 100 units.
  const { baseUrl } = server();
  const result = async () => {
    const res = await auctioneer.request.post(`${baseUrl}/api/app/auction/pncp/outbox`, { data: {} });
    const { entries } = (await res.json()) as { entries: { path: string; body: Record<string, unknown> }[] };
    return entries.find((e) => /\/itens\/1\/resultados$/.test(e.path))?.body ?? null;
  };
  await expect.poll(result, LIVE).toMatchObject({
    niFornecedor: "34567890000130",
    quantidadeHomologada: 100,
    valorUnitarioHomologado: 95,
    valorTotalHomologado: 9500,
  });
});
