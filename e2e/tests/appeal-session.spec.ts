import type { ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from "@playwright/test";
import { startFakeCnpjRegistry } from "../support/fake-cnpj";
import { brasiliaDate, chooseOption, smallPdf } from "../support/notice-wizard";
import { prepareRoomNotice, sessionState } from "../support/room-api";
import {
  anyFreePort,
  createDatabase,
  createDataDir,
  dropDatabase,
  logTail,
  removeDir,
  startServer,
  stopServer,
  waitForHealth,
} from "../support/run";

// Issue 5 "Browser", the third test: after a bidding session the winner attaches a readjusted
// proposal and qualification documents, a losing supplier manifests interest and attaches an appeal,
// the auctioneer judges it, and the lot reaches CLOSING (trading-room §2.3, §2.6, §4, §6; Lei 14.133
// art. 165; docs/live-room.md "Winner's documents", "Appeals").
//
// The appeal terms are legal business-day terms (3 for the reasons, then 3 for the counter-arguments;
// DESIGN §4) scaled by AUCTION_TIME_SCALE, so on the shared e2e server (0.15) they would last hours.
// This spec starts a server of its own (own database, DATA_DIR and port, the fake CNPJ registry) at
// SCALE: 3 business days (72 h from a Monday to Thursday; up to 5 days over a weekend) become
// 78–130 s. At that scale the 10-minute OPEN bidding lasts a fraction of a second, so nobody bids:
// both suppliers are ME/EPP (no fictitious tie) and the best initial proposal (fornecedor1) wins.
// What the scale would shorten below what a browser needs is set FIXED: the documents window is a
// date (tomorrow), the interest window INTEREST_MINUTES minutes (× SCALE = 90 s).
//
// Only fornecedor1 (winner, 'Licitante 1') and fornecedor3 (loser, 'Licitante 2') take part. The
// accounts enter with the login call's session cookie (the login screen has its own spec).

const SCALE = 0.0003;
const INTEREST_MINUTES = 5_000;
const INTEREST_MS = INTEREST_MINUTES * 60_000 * SCALE;
/** The longest scaled 3-business-day term (5 calendar days over a weekend). */
const TERM_MS = 5 * 24 * 3_600_000 * SCALE;

const AUCTIONEER = "pregoeiro@demo.gov.br";
const WINNER = "fornecedor1@demo.com.br";
const LOSER = "fornecedor3@demo.com.br";
const CITIZEN = "cidadao@demo.com.br";

/** Live updates on a busy machine: generous, never a fixed sleep. */
const LIVE = { timeout: 30_000 };
const ROOM_START = { timeout: 60_000 };
/** A legal term runs out by the server clock; the room shows it ended. */
const UNTIL_TERM_ENDS = { timeout: TERM_MS + 60_000 };

const lotRow = (page: Page) =>
  page.getByRole("table", { name: "Lotes do processo" }).getByRole("row", { name: "Lote 1" });
const controlPanel = (page: Page) => page.getByRole("region", { name: "Painel de controle" });
const dialogCombobox = (page: Page) =>
  page
    .getByRole("dialog", { name: "Avançar para próxima fase" })
    .getByRole("combobox", { name: "Próxima fase" });
const chatMessages = (page: Page) => page.getByRole("list", { name: "Mensagens" }).getByRole("listitem");

interface OwnServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
  logFile: string;
  databaseName: string | null;
  registry: Server;
}

let own: OwnServer | undefined;
let api: APIRequestContext | undefined;

test.beforeAll(async () => {
  // Migrations, demo data and the tsx start of a second server, next to the suite's.
  test.setTimeout(300_000);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const registry = await startFakeCnpjRegistry();
  const dataDir = createDataDir();
  const env: Record<string, string> = {
    CNPJ_BASE_URL: registry.baseUrl,
    AUCTION_TIME_SCALE: String(SCALE),
    DATA_DIR: dataDir,
  };
  let databaseName: string | null = null;
  if (adminUrl) {
    const database = await createDatabase(adminUrl);
    databaseName = database.name;
    env.DATABASE_URL = database.url;
  }
  const port = await anyFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  const server: ChildProcess = startServer(port, env, logFile);
  if (server.pid === undefined) throw new Error("não foi possível iniciar o servidor");
  own = { baseUrl, pid: server.pid, dataDir, logFile, databaseName, registry: registry.server };
  try {
    await waitForHealth(baseUrl, server, adminUrl ? 180_000 : 240_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- ${logFile} ---\n${logTail(logFile)}`);
  }
  api = await playwrightRequest.newContext({ baseURL: baseUrl });
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (own && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach("server.log", { body: logTail(own.logFile, 300) });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await api?.dispose();
  if (!own) return;
  await stopServer(own.pid);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && own.databaseName) await dropDatabase(adminUrl, own.databaseName);
  removeDir(own.dataDir);
  own.registry.close();
});

/** A browser context of its own for the account, on this spec's server, once the room is live. */
async function openRoom(browser: Browser, login: string, noticeId: string): Promise<Page> {
  const baseURL = own?.baseUrl ?? "";
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

test("after the bidding the winner sends its documents, a loser appeals, the auctioneer judges and the lot reaches CLOSING", async ({
  browser,
}) => {
  // Three legal terms (≈ 90 s + 2 × 78–130 s) and some thirty browser steps on a loaded machine.
  test.setTimeout(720_000);
  if (!api) throw new Error("servidor da especificação não iniciado");

  // fornecedor1 saves first: 'Licitante 1', the best proposal; fornecedor3: 'Licitante 2'.
  const notice = await prepareRoomNotice(api, {
    proposalsWindowMs: 15_000,
    proposals: { [WINNER]: 9_500, [LOSER]: 9_700 },
  });
  const [auctioneer, winner, loser] = await Promise.all([
    openRoom(browser, AUCTIONEER, notice.id),
    openRoom(browser, WINNER, notice.id),
    openRoom(browser, LOSER, notice.id),
  ]);
  const everyone = [auctioneer, winner, loser];

  // The bidding session: the proposal window ends by the server clock, the auctioneer opens the
  // session and the dispute; the scaled OPEN bidding closes at once and the engine moves the lot to
  // NEGOTIATION with the best-placed supplier.
  await expect(lotRow(auctioneer)).toContainText("Fechado para propostas", {
    timeout: notice.proposalsEnd.getTime() - Date.now() + 30_000,
  });
  await advanceTo(auctioneer, "Sessão pública");
  await expectPhase(everyone, "Sessão pública");
  await advanceTo(auctioneer, "Disputa de lances");
  await expectPhase(everyone, "Negociação");

  // The auctioneer starts the readjusted proposals' window on a fixed date (§5 'Data fixa').
  const deadline = await openAction(
    auctioneer,
    "Iniciar Prazo Para envio das Propostas Ajustadas",
    /^Iniciar Prazo Para envio das/,
  );
  await deadline.getByRole("radio", { name: "Data fixa" }).check();
  const tomorrow = brasiliaDate(1);
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

  // The interest window, FIXED at INTEREST_MINUTES minutes; the loser manifests its intention.
  await advanceTo(auctioneer, /^Manifestação de interesse de recurso$/, async (dialog) => {
    await dialog
      .getByRole("radio", { name: "Duração definida pelo pregoeiro/agente de contratação" })
      .check();
    await dialog.getByRole("textbox", { name: "Duração (minutos)" }).fill(String(INTEREST_MINUTES));
  });
  const reason = "A proposta vencedora não atende ao item 3.2 do termo de referência.";
  const intention = await openAction(
    loser,
    "Indicar Interesse em interpor recursos",
    /^Indicar Interesse em interpor/,
  );
  await intention.getByRole("textbox", { name: "Motivo" }).fill(reason);
  await intention.getByRole("button", { name: "Confirmar" }).click();
  await expect(intention).toBeHidden(LIVE);
  await expect(
    chatMessages(auctioneer).filter({
      hasText: `Licitante 2 manifestou intenção de recurso no lote/item 1. Motivo: ${reason}`,
    }),
  ).toBeVisible(LIVE);

  // The window runs out; the lot goes to the reasons phase with the legal term.
  await expect(controlPanel(auctioneer)).toContainText(
    "Prazo para manifestação de intenção de recurso encerrado",
    { timeout: INTEREST_MS + 60_000 },
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

  // The reasons term, then the counter-arguments' term (nobody counter-argues).
  await expect(controlPanel(auctioneer)).toContainText(
    "Prazo para envio dos recursos encerrado",
    UNTIL_TERM_ENDS,
  );
  await advanceTo(auctioneer, "Recebimento de contrarrazões");
  await expectPhase(everyone, "Recebimento de contrarrazões");
  await expect(controlPanel(auctioneer)).toContainText(
    "Prazo para envio das contrarrazões encerrado",
    UNTIL_TERM_ENDS,
  );
  await advanceTo(auctioneer, "Julgamento de recursos");
  await expectPhase(everyone, "Julgamento de recursos");

  // The auctioneer judges the appeal: 'Indeferir', with a justification and the decision's file.
  const list = await openAction(auctioneer, "Visualizar e julgar recursos", /^Visualizar e julgar recursos/);
  const row = list
    .getByRole("table", { name: "Recursos apresentados" })
    .getByRole("row")
    .filter({ hasText: reason });
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
    seen.getByRole("table", { name: "Recursos apresentados" }).getByRole("row").filter({ hasText: reason }),
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
  const citizen = await openRoom(browser, CITIZEN, notice.id);
  await expect(lotRow(citizen)).toContainText("Encerramento", LIVE);
  await expect(controlPanel(citizen)).toContainText("Encerramento", LIVE);

  for (const page of [...everyone, citizen]) await page.context().close();
});
