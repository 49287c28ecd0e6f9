import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { randomCnpj, randomCpf } from "../support/documents";
import { fakeAddress } from "../support/fake-cep";
import { fakeCompanyName } from "../support/fake-cnpj";
import { linkTo, sharedDataDir, waitForMail } from "../support/mailbox";
import { smallPdf } from "../support/notice-wizard";

// Issue 13, first "Done when", end to end: a new public body signs up in the browser, confirms its
// e-mail through the link the SMTP server received, logs in, goes through the accreditation wizard
// (CNPJ and CEP answered by the local fakes, a secretariat, an auctioneer invited by e-mail, the
// adhesion term PDF downloaded and attached) and completes it; the auctioneer sets a password through
// the invitation and cannot publish yet; platform staff rejects it with a reason, the reason arrives
// by e-mail, the body corrects and completes again, staff approves, the approval arrives by e-mail,
// and the auctioneer publishes a notice.

/** Domain BUYER_NOT_APPROVED_MESSAGE (packages/domain/src/registration/registration-status.ts). */
const BUYER_NOT_APPROVED_MESSAGE =
  "O cadastro do órgão ainda não foi aprovado pela equipe da plataforma. A publicação de processos fica disponível após a aprovação.";

const BODY_PASSWORD = "Orgao#Publico2026";
const AUCTIONEER_PASSWORD = "Pregao#Seguro2026";
const STAFF_PASSWORD = "Demo@2026";
const NOTICE_OBJECT = "Aquisição de material de expediente para as secretarias municipais.";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const uniqueEmail = (who: string) => `${who}.e2e.${unique()}@teste.gov.br`;

const section = (page: Page, name: RegExp) => page.getByRole("button", { name });

async function login(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** A POST of the platform's API with the session cookie of the context that owns `request`. */
async function call<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: body });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A complete but unpublished reversed auction of the auctioneer's own body, through the API the
 * notice wizard uses (the wizard's screens have their own tests): its secretariat and the
 * auctioneer as responsible, one lot and the main notice file.
 */
async function draftNotice(request: APIRequestContext, noticeNumber: string): Promise<string> {
  const { user } = await call<{ user: { buyer: { id: string } | null } }>(request, "app/auth/me", {});
  const buyerId = user.buyer?.id;
  if (!buyerId) throw new Error("o pregoeiro não está ligado a um órgão");
  const body = await call<{
    secretaries: { id: string }[];
    staffMembers: { id: string; role: string[] }[];
  }>(request, "app/buyer/read", { buyerId });
  const office = body.secretaries[0]?.id;
  const auctioneer = body.staffMembers.find((s) => s.role.includes("AUCTIONEER"))?.id;
  if (!office || !auctioneer) throw new Error("o órgão não tem secretaria ou pregoeiro");
  const now = Date.now();
  const created = await call<{ id: string }>(request, "app/auction/create", {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    noticeNumber,
    processNumber: `PA ${noticeNumber}`,
    objectOfInterest: NOTICE_OBJECT,
    purchaseYear: new Date(now).getFullYear(),
    secretaryOffice: [{ id: office }],
    auctioneers: [{ id: auctioneer }],
    closingKind: "OPEN",
    dispensationForm: "LOWEST_PRICE",
    auctionLicensePhase: "AFTER_BID",
    isInitialProposalsRequired: false,
    proposalsStartDateTime: new Date(now + 86_400_000).toISOString(),
    proposalsEndDateTime: new Date(now + 5 * 86_400_000).toISOString(),
    startDateTime: new Date(now + 6 * 86_400_000).toISOString(),
  });
  await call(request, `app/auctionBatch/save?auctionNoticeId=${created.id}`, [
    {
      number: 1,
      item: 1,
      product: { id: DEMO.product },
      quantity: 50,
      measurementUnit: { code: "UN" },
      referencePrice: 2_500,
      minimumVariation: 100,
    },
  ]);
  const file = await request.post("/api/app/auction/documents/attach", {
    multipart: {
      auctionNoticeId: created.id,
      kind: "AUCTION_NOTICE",
      description: "Edital completo",
      file: { name: "edital.pdf", mimeType: "application/pdf", buffer: smallPdf("Edital") },
    },
  });
  if (!file.ok()) throw new Error(`documents/attach: ${file.status()} ${await file.text()}`);
  return created.id;
}

/** 'Publicar' of a notice in 'Processos criados' (/cadastrar/editais), confirmed in its dialog. */
async function publishFromList(page: Page, noticeNumber: string) {
  await page.goto("/cadastrar/editais");
  const row = page
    .getByRole("table", { name: "Processos criados" })
    .getByRole("row")
    .filter({ hasText: noticeNumber });
  await expect(row).toContainText("Pendente");
  await row.getByRole("button", { name: `Ações do processo ${noticeNumber}` }).click();
  await page.getByRole("menuitem", { name: "Publicar" }).click();
  const dialog = page.getByRole("dialog", { name: "Publicar processo" });
  await dialog.getByRole("button", { name: "Publicar" }).click();
  return { row, dialog };
}

test.use({ viewport: { width: 1440, height: 900 } });

test("a new public body signs up, is accredited after a rejection and its auctioneer publishes a notice", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const mailDir = sharedDataDir();
  const bodyEmail = uniqueEmail("orgao");
  const auctioneerEmail = uniqueEmail("pregoeiro");
  const cnpj = randomCnpj();
  const bodyName = fakeCompanyName(cnpj);
  const officeName = `Secretaria de Administração ${unique()}`;
  const noticeNumber = `PE ${unique().slice(-9)}/2026`;

  // 1. Sign-up as a public body, in the browser.
  await page.goto("/editais");
  await page.getByRole("banner").getByRole("link", { name: "Cadastre-se" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Criar conta" })).toBeVisible();
  await page.getByRole("radio", { name: "Órgão público" }).check();
  await page.getByRole("textbox", { name: /Nome completo/ }).fill("Marta Registrante");
  await page.getByRole("textbox", { name: /CPF/ }).pressSequentially(randomCpf());
  await page.getByRole("textbox", { name: /E-mail/ }).fill(bodyEmail);
  await page.getByLabel(/^Senha/).fill(BODY_PASSWORD);
  await page.getByLabel(/^Confirmação da senha/).fill(BODY_PASSWORD);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirme o seu e-mail" })).toBeVisible();

  // 2. The confirmation link, as the SMTP server received it.
  const confirmation = await waitForMail(mailDir, { to: bodyEmail, subject: "Confirme seu e-mail" });
  expect(confirmation.text).toContain("Olá, Marta Registrante.");
  await page.goto(linkTo(confirmation, "/confirmar-email").toString());
  await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmado" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // 3. A body's login without a body lands on the accreditation wizard.
  await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(bodyEmail);
  await page.getByLabel(/^Senha/).fill(BODY_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/cadastro-de-orgao$/);
  await expect(page.getByRole("heading", { level: 1, name: "Cadastro de órgão" })).toBeVisible();

  // 3a. 'Preenchimento Órgãos': the CNPJ fake fills the body, the CEP fake its address.
  await page.getByLabel(/^CNPJ \*?$/).fill(cnpj);
  await expect(page.getByLabel(/^Razão social/)).toHaveValue(bodyName);
  await expect(page.getByLabel(/^Razão social/)).toHaveAttribute("readonly", "");
  await expect(page.getByLabel(/^Logradouro/)).toHaveValue(fakeAddress("01001000").logradouro);
  await expect(page.getByLabel(/^Logradouro/)).toHaveAttribute("readonly", "");
  await page.getByLabel(/^Número/).fill("100");
  await page.getByLabel(/^Nome do responsável/).fill("Helena Prado");
  await page.getByLabel(/^E-mail do responsável/).fill(uniqueEmail("autoridade"));
  await page.getByLabel(/^CPF do responsável/).fill(randomCpf());
  await page.getByLabel(/^Telefone do responsável/).fill("11988887777");
  await page.getByRole("button", { name: "Salvar dados do órgão" }).click();

  // 3b. 'Demais usuários': a secretariat (the notice's buying unit) and the auctioneer, invited by e-mail.
  await expect(section(page, /2\. Demais usuários/)).toBeEnabled();
  await page.getByRole("button", { name: "Adicionar secretaria" }).click();
  const office = page.getByRole("dialog", { name: "Secretaria" });
  await office.getByRole("textbox", { name: "Nome da secretaria", exact: true }).fill(officeName);
  await office.getByRole("textbox", { name: "Nome", exact: true }).fill("Sérgio Secretário");
  await office.getByRole("textbox", { name: "E-mail", exact: true }).fill(uniqueEmail("secretario"));
  await office.getByRole("textbox", { name: "CPF", exact: true }).fill(randomCpf());
  await office.getByRole("textbox", { name: "Telefone", exact: true }).fill("1133332222");
  await office.getByRole("button", { name: "Salvar" }).click();
  await expect(office).toBeHidden();
  await expect(page.getByRole("table", { name: "Secretarias" }).getByText(officeName)).toBeVisible();

  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const staff = page.getByRole("dialog", { name: "Usuário da equipe" });
  await staff.getByRole("textbox", { name: "Nome", exact: true }).fill("Paulo Pregoeiro");
  await staff.getByRole("textbox", { name: "E-mail", exact: true }).fill(auctioneerEmail);
  await staff.getByRole("textbox", { name: "CPF", exact: true }).fill(randomCpf());
  await staff.getByRole("textbox", { name: "Telefone", exact: true }).fill("1133331111");
  await staff.getByRole("textbox", { name: "Celular", exact: true }).fill("11999991111");
  // The AUCTIONEER profile (the form's default), shown as its label.
  await expect(staff.getByText("Pregoeiro / Agente de contratação")).toBeVisible();
  await staff.getByRole("button", { name: "Salvar" }).click();
  await expect(staff).toBeHidden();
  await expect(
    page
      .getByRole("table", { name: "Usuários da equipe" })
      .getByRole("row")
      .filter({ hasText: auctioneerEmail }),
  ).toContainText("Pregoeiro / Agente de contratação");

  // 3c. 'Assinatura do Termo': the adhesion term as a PDF; 'Anexar Termo de Adesão': attached signed.
  await section(page, /3\. Assinatura do Termo/).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Baixar termo de adesão (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("termo-de-adesao-orgao-promotor.pdf");
  const term = readFileSync((await download.path()) as string);
  expect(term.subarray(0, 5).toString()).toBe("%PDF-");
  await section(page, /4\. Anexar Termo de Adesão/).click();
  await page.locator("input[type=file]").setInputFiles({
    name: "termo-assinado.pdf",
    mimeType: "application/pdf",
    buffer: term,
  });
  await page.getByRole("button", { name: "Anexar termo", exact: true }).click();
  await expect(page.getByRole("link", { name: "termo-assinado.pdf" })).toBeVisible();

  // 3d. 'Finalização'.
  await section(page, /5\. Finalização/).click();
  await page.getByRole("button", { name: "Salvar e finalizar cadastro" }).click();
  await expect(page.getByRole("main").getByText("Cadastro em análise")).toBeVisible();

  // 4. The auctioneer follows the invitation, sets a password and logs in (a context of its own).
  const invitation = await waitForMail(mailDir, { to: auctioneerEmail, subject: /Convite/ });
  expect(invitation.subject).toContain(bodyName);
  const auctioneerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const auctioneer = await auctioneerContext.newPage();
  await auctioneer.goto(linkTo(invitation, "/definir-senha").toString());
  await expect(auctioneer.getByRole("heading", { level: 1, name: "Definir senha" })).toBeVisible();
  await auctioneer.getByLabel(/^Nova senha/).fill(AUCTIONEER_PASSWORD);
  await auctioneer.getByLabel(/^Confirmação da nova senha/).fill(AUCTIONEER_PASSWORD);
  await auctioneer.getByRole("button", { name: "Salvar senha" }).click();
  await expect(auctioneer.getByRole("heading", { level: 1, name: "Senha definida" })).toBeVisible();
  await login(auctioneer, auctioneerEmail, AUCTIONEER_PASSWORD);
  await expect(auctioneer.getByTestId("user-name")).toHaveText("Paulo Pregoeiro");

  // 5. Before the approval, publishing is refused, and the screens say why.
  const noticeId = await draftNotice(auctioneer.request, noticeNumber);
  const refused = await publishFromList(auctioneer, noticeNumber);
  // The refusal's notification (an alert of its own, beside the page's banner, which says the same).
  const notBanner = auctioneer.locator(":not([data-testid='registration-status-banner'])");
  await expect(
    auctioneer.getByRole("alert").filter({ hasText: BUYER_NOT_APPROVED_MESSAGE }).and(notBanner),
  ).toBeVisible();
  await refused.dialog.getByRole("button", { name: "Cancelar" }).click();
  // The server says the same to the API with the auctioneer's session.
  const direct = await auctioneer.request.post("/api/app/auction/updateStatus", {
    data: { id: noticeId, status: "PUBLISHED" },
  });
  expect(direct.status()).toBe(403);
  expect(await direct.text()).toContain(BUYER_NOT_APPROVED_MESSAGE);
  await expect(refused.row).toContainText("Pendente");
  await expect(auctioneer.getByTestId("registration-status-banner")).toContainText(
    BUYER_NOT_APPROVED_MESSAGE,
  );

  // 6. Platform staff (a context of its own) rejects the registration with a reason.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const analysis = await staffContext.newPage();
  await loginAs(analysis, "admin@certame.local", STAFF_PASSWORD);
  await analysis.goto("/analise-de-cadastros");
  const queue = analysis.getByRole("table", { name: "Cadastros aguardando análise" });
  const entry = queue.getByRole("row").filter({ hasText: bodyName });
  await entry.getByRole("button", { name: `Abrir ${bodyName}` }).click();
  const detail = analysis.getByRole("dialog", { name: bodyName });
  await expect(detail.getByText(officeName)).toBeVisible();
  await detail.getByRole("button", { name: "Reprovar" }).click();
  const reject = analysis.getByRole("dialog", { name: "Reprovar cadastro" });
  const reason = "Informe o site oficial do órgão nos dados do órgão e conclua o cadastro novamente.";
  await reject.getByRole("textbox", { name: /Motivo da reprovação/ }).fill(reason);
  await reject.getByRole("button", { name: "Reprovar" }).click();
  await expect(analysis.getByTestId("analysis-announcer")).toHaveText(
    `Cadastro de ${bodyName} reprovado. O motivo foi enviado por e-mail ao usuário.`,
  );
  await expect(entry).toHaveCount(0);

  // 7. The e-mail with the reason arrives; its link leads the body to its registration.
  const rejection = await waitForMail(mailDir, { to: bodyEmail, subject: "Cadastro não aprovado" });
  expect(rejection.text).toContain(reason);
  // The e-mail's link leads to the wizard, where the body corrects and completes again; the layout's
  // banner says the same.
  await page.goto(linkTo(rejection, "/cadastro-de-orgao").toString());
  const banner = page.getByTestId("registration-status-banner");
  await expect(banner).toContainText("Cadastro devolvido para correção");
  await expect(banner.getByRole("link", { name: "Corrigir o cadastro do órgão" })).toBeVisible();

  // 8. The body corrects what the reason names and completes again.
  await expect(page).toHaveURL(/\/cadastro-de-orgao$/);
  await expect(page.getByTestId("rejection-reason")).toHaveText(reason);
  await expectNoSeriousAxeFindings(page, "cadastro devolvido com o motivo");
  const website = "https://www.orgao-e2e.sp.gov.br";
  await page.getByRole("textbox", { name: "Site" }).fill(website);
  await page.getByRole("button", { name: "Salvar dados do órgão" }).click();
  // The save moves the wizard on to 'Demais usuários'; only then open the last section.
  await expect(page.getByRole("button", { name: "Adicionar secretaria" })).toBeVisible();
  await section(page, /5\. Finalização/).click();
  await page.getByRole("button", { name: "Salvar e finalizar cadastro" }).click();
  await expect(page.getByRole("main").getByText("Cadastro em análise")).toBeVisible();

  // 9. Staff finds it again (the corrected data, the earlier rejection) and approves it.
  await analysis.goto("/analise-de-cadastros");
  await entry.getByRole("button", { name: `Abrir ${bodyName}` }).click();
  await expect(detail.getByText(website)).toBeVisible();
  await expect(detail.getByText(`Motivo: ${reason}`)).toBeVisible();
  await expectNoSeriousAxeFindings(analysis, "cadastro corrigido na análise");
  await detail.getByRole("button", { name: "Aprovar" }).click();
  await analysis
    .getByRole("dialog", { name: "Aprovar cadastro" })
    .getByRole("button", { name: "Aprovar" })
    .click();
  await expect(analysis.getByTestId("analysis-announcer")).toHaveText(
    `Cadastro de ${bodyName} aprovado. O usuário foi avisado por e-mail.`,
  );

  // 10. The approval e-mail arrives.
  const approval = await waitForMail(mailDir, { to: bodyEmail, subject: "Cadastro aprovado" });
  expect(approval.text).toContain(`O cadastro de ${bodyName} foi analisado e aprovado`);

  // 11. The auctioneer publishes the notice; a visitor finds it among the published ones.
  const published = await publishFromList(auctioneer, noticeNumber);
  await expect(auctioneer.getByText("Edital publicado com sucesso!")).toBeVisible();
  await expect(published.row).toContainText("Publicado");
  await expect(auctioneer.getByTestId("registration-status-banner")).toHaveCount(0);
  const visitor = await browser.newPage();
  await visitor.goto("/editais");
  await visitor.getByRole("textbox", { name: "Número do edital" }).fill(noticeNumber);
  await visitor.getByRole("button", { name: "Pesquisar" }).click();
  await expect(
    visitor
      .getByRole("table", { name: "Editais publicados" })
      .getByRole("row")
      .filter({ hasText: noticeNumber }),
  ).toContainText(NOTICE_OBJECT);

  await visitor.close();
  await auctioneerContext.close();
  await staffContext.close();
});
