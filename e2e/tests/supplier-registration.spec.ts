import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { withDatabase } from "../support/database";
import { expectInputsInside, randomCnpj } from "../support/documents";
import { fakeAddress } from "../support/fake-cep";
import { fakeCompanyName, UNREACHABLE_CEP_CNPJ_ROOT } from "../support/fake-cnpj";
import { expectFormErrorState } from "../support/form-errors";

// A company registers itself as a supplier (notices-and-accounts §2.12, issue 13 item 3): the CNPJ
// and CEP lookups answered by the suite's local fakes, the seven declarations, the membership term
// downloaded as a PDF and attached signed, and 'Salvar e finalizar cadastro' into the staff analysis.

/**
 * A SUPPLIER login as sign-up leaves it (e-mail confirmed, no supplier row): written to the suite's
 * database, with the demo password's hash (so the server code is not imported here).
 */
async function newSupplierLogin(): Promise<string> {
  const email = `fornecedor.e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@teste.com.br`;
  await withDatabase((client) =>
    client.query(
      `insert into users (kind, name, email, password_hash, email_confirmed_at)
       select 'SUPPLIER', 'Fornecedor E2E', $1, password_hash, now() from users where email = 'fornecedor1@demo.com.br'`,
      [email],
    ),
  );
  return email;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a company registers itself as a supplier at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const email = await newSupplierLogin();
    const cnpj = randomCnpj();
    // The login page's own flow may lead a supplier without a registration straight here.
    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(email);
    await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
    await page.goto("/cadastro-de-fornecedor");
    await expect(page.getByRole("heading", { level: 1, name: "Cadastro de fornecedor" })).toBeVisible();

    // 1. Identification: the CNPJ lookup fills the corporate name and locks it.
    await page.getByRole("radio", { name: "Pessoa jurídica" }).check();
    await page.getByRole("textbox", { name: "CNPJ" }).fill(cnpj);
    const corporateName = page.getByRole("textbox", { name: "Razão social" });
    await expect(corporateName).toHaveValue(fakeCompanyName(cnpj));
    await expect(corporateName).toHaveAttribute("readonly", "");
    await expectInputsInside(page, viewport.width);
    await expectNoSeriousAxeFindings(page, "identificação");
    await page.getByRole("button", { name: "Iniciar cadastro" }).click();

    // 2. Company data: the CNPJ fills trade name, CEP and phone; the CEP fills the address; all locked.
    const data = page.getByRole("region", { name: "2. Dados cadastrais e endereço" });
    await expect(data.getByRole("textbox", { name: "Razão social" })).toHaveValue(fakeCompanyName(cnpj));
    await expect(data.getByRole("textbox", { name: "CEP" })).toHaveValue("01001-000");
    await expect(data.getByRole("textbox", { name: "Telefone" })).toHaveValue("(11) 3333-4444");
    const address = fakeAddress("01001000");
    await expect(data.getByRole("textbox", { name: "Logradouro" })).toHaveValue(address.logradouro);
    await expect(data.getByRole("textbox", { name: "Logradouro" })).toHaveAttribute("readonly", "");
    await expect(data.getByRole("textbox", { name: "Cidade" })).toHaveValue(address.localidade);
    await data.getByRole("textbox", { name: "Número" }).fill("100");
    await data.getByRole("textbox", { name: "E-mail" }).fill(email);
    await data.getByRole("textbox", { name: "Nome do representante legal" }).fill("Maria Souza");
    await data.getByRole("textbox", { name: "CPF do representante legal" }).fill("11144477735");
    await data.getByRole("radio", { name: "Sim" }).check();
    await expect(data.getByText(/Lei Complementar nº 123\/2006/)).toBeVisible();
    await expectInputsInside(page, viewport.width);
    await data.getByRole("button", { name: "Salvar dados" }).click();
    await expect(page.getByText("Dados do cadastro salvos")).toBeVisible();

    // 3. The seven declarations.
    const declarations = page.getByRole("region", { name: "3. Declarações" });
    const boxes = declarations.getByRole("checkbox");
    await expect(boxes).toHaveCount(7);
    for (const box of await boxes.all()) await box.check();
    await declarations.getByRole("button", { name: "Salvar declarações" }).click();
    await expect(declarations.getByText(/^Aceita em /)).toHaveCount(7);

    // 4. The membership term: a real PDF with the company's name, signed and attached.
    const terms = page.getByRole("region", { name: "4. Termo de adesão" });
    const downloading = page.waitForEvent("download");
    await terms.getByRole("button", { name: "Baixar termo de adesão" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("termo-de-adesao-fornecedor-pj.pdf");
    const pdf = readFileSync((await download.path()) as string);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await terms.getByRole("button", { name: "Solicitar assinatura digital" }).click();
    await expect(terms.getByText(/certificado digital ICP-Brasil \(e-CPF ou e-CNPJ\)/)).toBeVisible();
    await terms.locator("input[type=file]").setInputFiles({
      name: "termo-assinado.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await expect(page.getByText("Arquivo anexado com sucesso")).toBeVisible();
    await expect(terms.getByRole("link", { name: "termo-assinado.pdf" })).toBeVisible();

    // 5. Finish: PENDING with the analysis due time.
    await expectNoSeriousAxeFindings(page, "cadastro preenchido");
    await page.getByRole("button", { name: "Salvar e finalizar cadastro" }).click();
    await expect(page.getByText("Cadastro em análise")).toBeVisible();
    await expect(
      page.getByText(/será analisado pela equipe da plataforma até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Salvar e finalizar cadastro" })).toHaveCount(0);
    const read = await page.request.post("/api/app/supplier/read", { data: {} });
    expect(await read.json()).toMatchObject({ documentNumber: cnpj, registrationStatus: "PENDING" });
    await expectInputsInside(page, viewport.width);
    await expectNoSeriousAxeFindings(page, "cadastro em análise");
  });
}

test("the company data with the CEP service unreachable says so, readable and announced (issue 33)", async ({
  page,
}) => {
  const email = await newSupplierLogin();
  const login = await page.request.post("/api/public/auth/login", {
    data: { login: email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto("/cadastro-de-fornecedor");
  await page.getByRole("radio", { name: "Pessoa jurídica" }).check();
  // The registry gives this company a CEP the CEP service cannot be reached for.
  const cnpj = randomCnpj(UNREACHABLE_CEP_CNPJ_ROOT);
  await page.getByRole("textbox", { name: "CNPJ" }).fill(cnpj);
  await expect(page.getByRole("textbox", { name: "Razão social" })).toHaveValue(fakeCompanyName(cnpj));
  await page.getByRole("button", { name: "Iniciar cadastro" }).click();
  const data = page.getByRole("region", { name: "2. Dados cadastrais e endereço" });
  await expectFormErrorState(page, {
    what: "dados do fornecedor, CEP sem resposta",
    fields: [data.getByRole("textbox", { name: "CEP" })],
    announced: "Erro ao localizar dados do CEP",
  });
});
