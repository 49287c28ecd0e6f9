import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { withDatabase } from "../support/database";
import { expectInputsInside, randomCnpj, randomCpf } from "../support/documents";
import { fakeAddress } from "../support/fake-cep";
import { fakeCompanyName } from "../support/fake-cnpj";
import { expectFormErrorState } from "../support/form-errors";
import { linkTo, sharedDataDir, waitForMail } from "../support/mailbox";

// A public body's accreditation wizard (notices-and-accounts §2.11, issue 13 item 2): the body by its
// CNPJ (local registry fake) and CEP (local ViaCEP fake), the competent authority, a staff user
// invited by e-mail (SMTP capture), the adhesion term downloaded as a PDF and attached signed, and
// 'Salvar e finalizar cadastro' into the staff analysis.

const unique = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

/** A BUYER login as sign-up leaves it (e-mail confirmed, no body yet), with the demo password's hash. */
async function newBuyerLogin(): Promise<string> {
  const email = `orgao.e2e.${unique()}@teste.gov.br`;
  await withDatabase((client) =>
    client.query(
      `insert into users (kind, name, email, password_hash, email_confirmed_at)
       select 'BUYER', 'Registrante E2E', $1, password_hash, now() from users where email = 'pregoeiro@demo.gov.br'`,
      [email],
    ),
  );
  return email;
}

const section = (page: Page, name: RegExp) => page.getByRole("button", { name });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a public body goes through the accreditation wizard at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const email = await newBuyerLogin();
    const cnpj = randomCnpj();
    const staffEmail = `pregoeiro.e2e.${unique()}@teste.gov.br`;
    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(email);
    await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto("/cadastro-de-orgao");
    await expect(page.getByRole("heading", { level: 1, name: "Cadastro de órgão" })).toBeVisible();

    // §2.11: only the first section is active at the start; the introduction gives the §9 rules.
    await expect(
      page.getByText("O cadastro é analisado pela equipe da plataforma em até 24 horas úteis."),
    ).toBeVisible();
    await expect(section(page, /1\. Preenchimento Órgãos/)).toBeEnabled();
    for (const later of [
      /2\. Demais usuários/,
      /3\. Assinatura do Termo/,
      /4\. Anexar Termo de Adesão/,
      /5\. Finalização/,
    ])
      await expect(section(page, later)).toBeDisabled();

    // The CNPJ fills and locks the company fields; the CEP it gives fills and locks the address.
    await page.getByLabel(/^CNPJ \*?$/).fill(cnpj);
    const corporateName = page.getByLabel(/^Razão social/);
    await expect(corporateName).toHaveValue(fakeCompanyName(cnpj));
    await expect(corporateName).toHaveAttribute("readonly", "");
    await expect(page.getByLabel(/^Nome da autoridade competente/)).toHaveValue(fakeCompanyName(cnpj));
    await expect(page.getByRole("status").filter({ hasText: "preenchido" }).first()).toBeAttached();
    await expect(page.getByLabel(/^Logradouro/)).toHaveValue(fakeAddress("01001000").logradouro);
    await expect(page.getByLabel(/^Logradouro/)).toHaveAttribute("readonly", "");
    if (viewport.width === 1440) {
      // A refused e-mail marks its field as it is typed (issue 33; the check judges both sizes).
      const authorityEmail = page.getByLabel(/^E-mail do responsável/);
      await authorityEmail.fill("autoridade@");
      await expectFormErrorState(page, { what: "dados do órgão, e-mail recusado", fields: [authorityEmail] });
    }
    await page.getByLabel(/^Número/).fill("100");
    await page.getByLabel(/^Nome do responsável/).fill("Helena Prado");
    await page.getByLabel(/^E-mail do responsável/).fill(`autoridade.e2e.${unique()}@teste.gov.br`);
    await page.getByLabel(/^CPF do responsável/).fill(randomCpf());
    await page.getByLabel(/^Telefone do responsável/).fill("11988887777");
    await expectInputsInside(page, viewport.width);
    await expectNoSeriousAxeFindings(page, "dados do órgão");
    await page.getByRole("button", { name: "Salvar dados do órgão" }).click();

    // 'Demais usuários': a staff user with the default profile, invited by e-mail.
    await expect(section(page, /2\. Demais usuários/)).toBeEnabled();
    await expect(page.getByRole("button", { name: "Adicionar usuário" })).toBeVisible();
    await page.getByRole("button", { name: "Adicionar usuário" }).click();
    const dialog = page.getByRole("dialog", { name: "Usuário da equipe" });
    await dialog.getByLabel(/^Nome/).fill("Paulo Pregoeiro");
    await dialog.getByLabel(/^E-mail/).fill(staffEmail);
    await dialog.getByLabel(/^CPF/).fill(randomCpf());
    await dialog.getByLabel(/^Telefone/).fill("1133331111");
    await dialog.getByLabel(/^Celular/).fill("11999991111");
    await expectInputsInside(page, viewport.width);
    await expectNoSeriousAxeFindings(page, "usuário da equipe");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("table", { name: "Usuários da equipe" }).getByText(staffEmail)).toBeVisible();
    const invitation = await waitForMail(sharedDataDir(), { to: staffEmail, subject: /Convite/ });
    expect(linkTo(invitation, "/definir-senha").searchParams.get("token")).toBeTruthy();

    // 'Assinatura do Termo': the term with the body's data, as a PDF.
    await section(page, /3\. Assinatura do Termo/).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Baixar termo de adesão (PDF)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("termo-de-adesao-orgao-promotor.pdf");
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

    // 'Anexar Termo de Adesão': the signed term.
    await section(page, /4\. Anexar Termo de Adesão/).click();
    await expect(page.getByText("Para prosseguir você deve anexar o Termo de Adesão")).toBeVisible();
    await page.locator("input[type=file]").setInputFiles({
      name: "termo-assinado.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await page.getByRole("button", { name: "Anexar termo", exact: true }).click();
    await expect(page.getByRole("link", { name: "termo-assinado.pdf" })).toBeVisible();
    await expectInputsInside(page, viewport.width);
    await expectNoSeriousAxeFindings(page, "termo anexado");

    // 'Finalização'.
    await section(page, /5\. Finalização/).click();
    await page.getByRole("button", { name: "Salvar e finalizar cadastro" }).click();
    const main = page.getByRole("main");
    await expect(main.getByText("Cadastro em análise")).toBeVisible();
    await expect(
      main.getByText(/A equipe da plataforma analisará o cadastro até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeVisible();
    await expectNoSeriousAxeFindings(page, "cadastro em análise");

    // The edit variant: the first two sections, the saved CNPJ shown as it is.
    await page.goto("/renovacao-de-cadastro");
    await expect(page.getByRole("heading", { level: 1, name: "Renovação de cadastro" })).toBeVisible();
    await expect(page.getByLabel(/^CNPJ \*?$/)).toHaveValue(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    await expect(section(page, /2\. Demais usuários/)).toBeEnabled();
    await expect(section(page, /Assinatura do Termo/)).toHaveCount(0);
    await expectInputsInside(page, viewport.width);
  });
}
