import { readFile } from "node:fs/promises";
import { type Download, expect, type Locator, type Page, test } from "@playwright/test";
import { loginAs, openInitialBidsFromCard } from "../support/app";
import { expectFormErrorState } from "../support/form-errors";
import { smallPdf } from "../support/notice-wizard";

// Issue 5 "Browser": the initial bids screen ('Cadastro de lances iniciais', trading-room §2.8, §5,
// §7) reached from the published notice's card, as a supplier would.
//
// The tests bid on demo notices open for proposals that no other spec reads (the others read the
// demo room PE 08/2026, or notices of their own), each supplier on its own notices, so the tests
// can run in parallel with each other and with the rest of the suite:
// - fornecedor2 (large company, no subscription, one single-participation credit) bids on LE 02/2026
//   and is refused on DE 05/2026;
// - fornecedor1 (ME/EPP, subscription in force) bids on PE 10/2026 (BEFORE_BID, initial proposal
//   file required, closing kind OPEN: the automatic-bid tool is offered).

const T = {
  title: "Cadastro de lances iniciais",
  save: "Salvar documentos e lances iniciais",
  saved: "Lances iniciais salvos com sucesso!",
  accessDenied: "Acesso negado",
  notEnabled: "Somente licitantes com plano em dia ou com créditos podem cadastrar lances iniciais",
  terms: "Confirme todos os termos para prosseguir",
  automatic: "Deseja utilizar a ferramenta de lances automáticos",
  smallCompany: /^Declaro, para fins da LC 123\/2006, que sou ME\/EPP/,
  qualificationButton: "Anexar documentos de habilitação",
  qualificationModal: "Selecione os documentos que deseja associar",
  proposalButton: "Anexar Arquivos da Proposta",
  proposalModal: "Anexe e selecione abaixo, o arquivo da sua proposta inicial",
} as const;

/** The screen's load (notice, lots, access checks, documents) on a machine shared with the suite. */
const LOAD = { timeout: 30_000 };

const lotsTable = (page: Page) => page.getByRole("table", { name: "Lotes para lances iniciais" });
const lotInput = (page: Page, column: string, lot: number) =>
  lotsTable(page).getByRole("textbox", { name: `${column} do lote ${lot}` });

/**
 * A modal by the start of its title: the header, the dialog's accessible name, shows only the first
 * 30 characters and '...' (notices-and-accounts §9, ui/modal/AppModal).
 */
const modal = (page: Page, title: string) =>
  page.getByRole("dialog", {
    name: new RegExp(`^${title.slice(0, 25).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  });

/** Waits for the screen to have loaded (heading and lot table). */
async function expectScreen(page: Page, noticeNumber: string): Promise<void> {
  await expect(page).toHaveURL(/\/sala-de-negociacao\/[^/]+\/cadastro-de-lances-iniciais$/, LOAD);
  await expect(page.getByRole("heading", { name: T.title })).toBeVisible(LOAD);
  await expect(page.getByText(new RegExp(`^${noticeNumber} · `))).toBeVisible();
  await expect(lotsTable(page)).toBeVisible();
}

/** Types an amount like a user, digit by digit from the right (cash-register mask). */
async function typeMoney(input: Locator, [digits, shown]: readonly [string, string]): Promise<void> {
  await input.pressSequentially(digits);
  await expect(input).toHaveValue(shown);
}

/** Saves, and answers the receipt download; the screen then goes to the notice's room. */
async function saveAndGetReceipt(page: Page): Promise<Download> {
  const save = page.getByRole("button", { name: T.save });
  await expect(save).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent("download", LOAD), save.click()]);
  // A quick second save may find the first one's notification still on screen; the receipt and the
  // move to the room (both only after a successful save) tell this save apart.
  await expect(page.getByText(T.saved).last()).toBeVisible(LOAD);
  await expect(page).toHaveURL(/\/sala-de-negociacao\/[^/]+$/, LOAD);
  return download;
}

async function expectPdfReceipt(download: Download, noticeNumber: string): Promise<void> {
  // The server names it after the notice, '/' replaced (a file name cannot hold it).
  expect(download.suggestedFilename()).toBe(
    `comprovante-lances-iniciais-${noticeNumber.replace("/", "-")}.pdf`,
  );
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
}

/** The supplier's own view of the notice (its credits and proposal), read with the page's session. */
async function readOwnState(page: Page, noticeId: string) {
  const response = await page.request.post("/api/app/initialBids/read", {
    data: { auctionNoticeId: noticeId },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    supplier: { availableCredits: number };
    proposal: { hasProposal: boolean; creditUsedAt: string | null };
  };
}

const noticeIdOf = (page: Page) =>
  (/\/sala-de-negociacao\/([^/]+)/.exec(new URL(page.url()).pathname)?.[1] ?? "") as string;

test.describe("initial bids (/sala-de-negociacao/{id}/cadastro-de-lances-iniciais)", () => {
  // Each test loads the screen three times and saves with uploads, with the whole suite running.
  test.describe.configure({ timeout: 120_000 });

  test("a supplier with no initial bid is refused without a plan or credit and accepted with one", async ({
    page,
  }) => {
    const accepted = "LE 02/2026";
    const refused = "DE 05/2026";
    await loginAs(page, "fornecedor2@demo.com.br");

    // With its credit, fornecedor2 (no subscription) may open a notice it has not bid on yet.
    await openInitialBidsFromCard(page, accepted);
    await expectScreen(page, accepted);
    const auctionId = noticeIdOf(page);
    const before = await readOwnState(page, auctionId);
    expect(before.supplier.availableCredits).toBe(1);
    expect(before.proposal.hasProposal).toBe(false);

    // ELECTRONIC_AUCTION: no terms and no documents are asked; the bid is the lot's price (R$ 46.000,00).
    await expect(modal(page, T.terms)).toHaveCount(0);
    await typeMoney(lotInput(page, "Lance inicial (R$)", 1), ["4600000", "R$ 46.000,00"]);
    await expect(page.getByText("Valor total da proposta: R$ 46.000,00")).toBeVisible();
    await expectPdfReceipt(await saveAndGetReceipt(page), accepted);

    // The first proposal in the process took the credit (notices-and-accounts §2.15).
    const after = await readOwnState(page, auctionId);
    expect(after.supplier.availableCredits).toBe(0);
    expect(after.proposal.hasProposal).toBe(true);
    expect(after.proposal.creditUsedAt).not.toBeNull();

    // Without a credit left, another notice's initial bids are refused and the screen goes back.
    await openInitialBidsFromCard(page, refused);
    const warning = page.getByRole("alert").filter({ hasText: T.accessDenied });
    await expect(warning).toContainText(T.notEnabled, LOAD);
    await expect(page).toHaveURL(/\/editais-publicados$/);
    await expectFormErrorState(page, {
      what: "lances iniciais recusados",
      fields: [],
      announced: T.notEnabled,
    });
    await expect(page.getByRole("heading", { name: T.title })).toHaveCount(0);

    // The notice it already bid on stays open to it: it changes its bid, and no credit is needed.
    await openInitialBidsFromCard(page, accepted);
    await expectScreen(page, accepted);
    const price = lotInput(page, "Lance inicial (R$)", 1);
    await expect(price).toHaveValue("R$ 46.000,00");
    await price.fill("");
    await typeMoney(price, ["4750000", "R$ 47.500,00"]);
    await expectPdfReceipt(await saveAndGetReceipt(page), accepted);
    const again = await readOwnState(page, auctionId);
    expect(again.supplier.availableCredits).toBe(0);
    expect(again.proposal.creditUsedAt).toBe(after.proposal.creditUsedAt);
  });

  test("a supplier accepts the terms, attaches documents, registers initial bids with automatic bidding and gets its receipt", async ({
    page,
  }) => {
    const notice = "PE 10/2026";
    const stamp = Date.now();
    const qualificationFile = `certidao-negativa-${stamp}.pdf`;
    const proposalFile = `proposta-inicial-${stamp}.pdf`;
    await loginAs(page, "fornecedor1@demo.com.br");
    await openInitialBidsFromCard(page, notice);

    // §5 "Terms": no term accepted and no earlier bid, so the terms modal opens by itself.
    const terms = modal(page, T.terms);
    await expect(terms).toBeVisible(LOAD);
    const confirmTerms = terms.getByRole("button", { name: "Confirmar" });
    await expect(confirmTerms).toBeDisabled();
    await terms.getByRole("checkbox", { name: "Selecionar todos" }).check();
    await confirmTerms.click();
    await expect(terms).toBeHidden();
    await expectScreen(page, notice);

    // The automatic-bid tool: its fields appear once chosen.
    await expect(lotInput(page, "Lance final (R$)", 1)).toHaveCount(0);
    await page.getByRole("radiogroup", { name: T.automatic }).getByRole("radio", { name: "Sim" }).check();
    await expect(lotInput(page, "Lance final (R$)", 1)).toBeVisible();
    await expect(lotInput(page, "Variação (R$)", 2)).toBeVisible();

    // Prices per lot (lot 1: 50 notebooks, lot 2: 50 monitors), with the live totals.
    const values = [
      {
        lot: 1,
        initial: ["510000", "R$ 5.100,00"],
        final: ["480000", "R$ 4.800,00"],
        step: ["1000", "R$ 10,00"],
      },
      { lot: 2, initial: ["105000", "R$ 1.050,00"], final: ["99000", "R$ 990,00"], step: ["500", "R$ 5,00"] },
    ] as const;
    for (const v of values) {
      await typeMoney(lotInput(page, "Lance inicial (R$)", v.lot), v.initial);
      await typeMoney(lotInput(page, "Lance final (R$)", v.lot), v.final);
      await typeMoney(lotInput(page, "Variação (R$)", v.lot), v.step);
    }
    await expect(page.getByText("Valor total da proposta: R$ 307.500,00")).toBeVisible();

    // The ME/EPP declaration (LC 123/2006): fornecedor1 is one and says so.
    await page.getByRole("radiogroup", { name: T.smallCompany }).getByRole("radio", { name: "Sim" }).check();

    // BEFORE_BID with the initial proposal required: a proposal with values waits for its documents.
    const save = page.getByRole("button", { name: T.save });
    await expect(save).toBeDisabled();
    await expect(
      page.getByText("Para liberar o botão é necessário que você anexe o arquivo da Proposta Inicial"),
    ).toBeVisible();

    // Qualification documents: a PDF uploaded in the modal comes back selected.
    await page.getByRole("button", { name: T.qualificationButton }).click();
    const qualification = modal(page, T.qualificationModal);
    await uploadInModal(page, qualification, qualificationFile, "Certidao negativa");
    await qualification.getByRole("button", { name: "Confirmar" }).click();
    await expect(qualification).toBeHidden();
    await expect(page.getByRole("button", { name: `${T.qualificationButton} (1)` })).toBeVisible();
    await expect(save).toBeDisabled();

    // The initial proposal file, the same way; then the proposal may be saved.
    await page.getByRole("button", { name: T.proposalButton }).click();
    const proposal = modal(page, T.proposalModal);
    await uploadInModal(page, proposal, proposalFile, "Proposta inicial");
    await proposal.getByRole("button", { name: "Confirmar" }).click();
    await expect(proposal).toBeHidden();
    await expect(page.getByRole("button", { name: `${T.proposalButton} (1)` })).toBeVisible();
    await expect(save).toBeEnabled();

    const download = await saveAndGetReceipt(page);
    await expectPdfReceipt(download, notice);

    // Reopened, the screen shows what was saved: terms accepted, documents, tool, values, declaration.
    await openInitialBidsFromCard(page, notice);
    await expectScreen(page, notice);
    await expect(modal(page, T.terms)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Aceitar termos de uso" })).toHaveCount(0);
    await expect(
      page.getByRole("radiogroup", { name: T.automatic }).getByRole("radio", { name: "Sim" }),
    ).toBeChecked();
    for (const v of values) {
      await expect(lotInput(page, "Lance inicial (R$)", v.lot)).toHaveValue(v.initial[1]);
      await expect(lotInput(page, "Lance final (R$)", v.lot)).toHaveValue(v.final[1]);
      await expect(lotInput(page, "Variação (R$)", v.lot)).toHaveValue(v.step[1]);
    }
    await expect(page.getByText("Valor total da proposta: R$ 307.500,00")).toBeVisible();
    await expect(
      page.getByRole("radiogroup", { name: T.smallCompany }).getByRole("radio", { name: "Sim" }),
    ).toBeChecked();
    await page.getByRole("button", { name: `${T.qualificationButton} (1)` }).click();
    const reopened = modal(page, T.qualificationModal);
    await expect(reopened.getByRole("checkbox", { name: `Selecionar ${qualificationFile}` })).toBeChecked();
    await reopened.getByRole("button", { name: "Voltar" }).click();
    await expect(reopened).toBeHidden();
    await expect(page.getByRole("button", { name: `${T.proposalButton} (1)` })).toBeVisible();
    await expect(page.getByRole("button", { name: T.save })).toBeEnabled();
  });
});

/** 'Anexar novo documento' in a document modal: picks a real small PDF; it is listed and selected. */
async function uploadInModal(page: Page, dialog: Locator, fileName: string, title: string): Promise<void> {
  await expect(dialog).toBeVisible();
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    dialog.getByRole("button", { name: "Anexar novo documento" }).click(),
  ]);
  await chooser.setFiles({ name: fileName, mimeType: "application/pdf", buffer: smallPdf(title) });
  await expect(dialog.getByRole("checkbox", { name: `Selecionar ${fileName}` })).toBeChecked(LOAD);
}
