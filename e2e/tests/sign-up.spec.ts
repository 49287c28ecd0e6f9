import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { randomCpf } from "../support/documents";
import { expectFormErrorState } from "../support/form-errors";
import { linkTo, sharedDataDir, waitForMail } from "../support/mailbox";

/**
 * Issue 13 item 1 in the browser: a citizen signs up, the confirmation e-mail arrives through the
 * platform's SMTP (support/smtp-capture.ts), its link confirms, and the citizen logs in; then
 * 'Esqueci minha senha' → e-mail → new password → login. On a desktop and on a phone.
 */

const PASSWORD = "Licita#2026";

const uniqueEmail = (who: string) => `${who}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

/** The box of `locator` lies inside the viewport's width (no field cut off or scrolled sideways). */
async function expectInsideViewport(page: Page, locator: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  // Retried as a whole: a page that has just loaded may render the field again under the locator.
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2_000 });
    const box = await locator.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width + 0.5);
  }).toPass({ timeout: 15_000 });
}

async function expectNoSideScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(width);
}

/** The sign-up form's fields, as a person finds them. */
const signUpFields = (page: Page) => ({
  name: page.getByRole("textbox", { name: /Nome completo/ }),
  cpf: page.getByRole("textbox", { name: /CPF/ }),
  email: page.getByRole("textbox", { name: /E-mail/ }),
  password: page.getByLabel(/^Senha/),
  confirmation: page.getByLabel(/^Confirmação da senha/),
});

async function login(page: Page, email: string, password: string) {
  await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** A confirmed account made through the API (sign-up, then the e-mailed link). */
async function confirmedAccount(request: APIRequestContext, email: string) {
  const signedUp = await request.post("/api/public/auth/signUp", {
    data: {
      name: "Rita Redefine",
      cpf: randomCpf(),
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      kind: "REGULAR_CITIZEN",
    },
  });
  expect(signedUp.status()).toBe(201);
  const mail = await waitForMail(sharedDataDir(), { to: email, subject: "Confirme seu e-mail" });
  const token = linkTo(mail, "/confirmar-email").searchParams.get("token");
  const confirmed = await request.post("/api/public/auth/confirmEmail", { data: { token } });
  expect(confirmed.status()).toBe(200);
}

test.describe("sign-up and e-mail confirmation (desktop 1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a citizen signs up, follows the e-mailed link and logs in", async ({ page }) => {
    const email = uniqueEmail("cidada");
    await page.goto("/editais");
    await page.getByRole("banner").getByRole("link", { name: "Cadastre-se" }).click();
    await expect(page).toHaveURL(/\/cadastro$/);
    await expect(page.getByRole("heading", { level: 1, name: "Criar conta" })).toBeVisible();

    const fields = signUpFields(page);
    // Sent empty, the form marks every field and moves to the first (issue 33).
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expectFormErrorState(page, {
      what: "cadastro vazio",
      fields: [
        page.getByRole("radiogroup", { name: "Sou" }),
        fields.name,
        fields.cpf,
        fields.email,
        fields.password,
        fields.confirmation,
      ],
    });
    await page.getByRole("radio", { name: "Cidadão" }).check();
    await fields.name.fill("Clara Cidadã");
    await fields.cpf.pressSequentially(randomCpf());
    await expect(fields.cpf).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
    await fields.email.fill(email);
    await fields.password.fill("fraca");
    await expect(page.getByText("Faltam 4 requisitos.")).toBeVisible();
    await fields.password.fill(PASSWORD);
    await expect(page.getByText("A senha atende à regra.")).toBeVisible();
    await fields.confirmation.fill(PASSWORD);
    for (const field of Object.values(fields)) await expectInsideViewport(page, field);
    await expectNoSeriousAxeFindings(page, "cadastro (1440)");
    await page.getByRole("button", { name: "Criar conta" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Confirme o seu e-mail" })).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoSeriousAxeFindings(page, "cadastro concluído");

    // Before the link is followed, the right password says the e-mail is not confirmed.
    await page.goto("/login");
    await login(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText("Confirme o seu e-mail antes de entrar.");
    await expect(page.getByRole("button", { name: "Reenviar e-mail de confirmação" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const mail = await waitForMail(sharedDataDir(), { to: email, subject: "Confirme seu e-mail" });
    expect(mail.text).toContain("Olá, Clara Cidadã.");
    const link = linkTo(mail, "/confirmar-email");
    await page.goto(link.toString());
    await expect(page.getByRole("heading", { level: 1, name: "E-mail confirmado" })).toBeVisible();
    await expectNoSeriousAxeFindings(page, "e-mail confirmado");
    await page.getByRole("main").getByRole("link", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/editais-publicados$/);
    await expect(page.getByTestId("user-name")).toHaveText("Clara Cidadã");

    // The link is single use: opened again, it says so.
    await page.goto(link.toString());
    await expect(page.getByRole("alert")).toContainText("Este link já foi usado");
  });

  test("the sign-up form names the wrong fields, the server's duplicate e-mail included", async ({
    page,
  }) => {
    await page.goto("/cadastro");
    const fields = signUpFields(page);
    await page.getByRole("radio", { name: "Fornecedor (empresa ou pessoa física)" }).check();
    await fields.name.fill("Fábio Fornecedor");
    await fields.cpf.pressSequentially("52998224724");
    await fields.email.fill("fornecedor1@demo.com.br");
    await fields.password.fill(PASSWORD);
    await fields.confirmation.fill(PASSWORD);
    await page.getByRole("button", { name: "Criar conta" }).click();
    // The check digit is wrong: the form says so before anything is sent.
    await expect(page.getByText("CPF inválido")).toBeVisible();
    await expect(fields.cpf).toBeFocused();
    await fields.cpf.fill("");
    await fields.cpf.pressSequentially(randomCpf());
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("E-mail já cadastrado")).toBeVisible();
    await expect(fields.email).toBeFocused();
    await expect(fields.email).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("'Esqueci minha senha' on a phone (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("asks for a reset, follows the e-mailed link, sets a new password and logs in with it", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("rita");
    await confirmedAccount(request, email);

    // The header keeps 'Cadastre-se' and 'Entrar' on a phone, inside the screen.
    await page.goto("/login");
    const header = page.getByRole("banner");
    await expectInsideViewport(page, header.getByRole("link", { name: "Cadastre-se" }));
    await expectInsideViewport(page, header.getByRole("link", { name: "Entrar" }));
    await expectInsideViewport(page, header.getByRole("button", { name: "Abrir menu" }));
    await expectNoSideScroll(page);

    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
    const emailField = page.getByRole("textbox", { name: /E-mail/ });
    await expectInsideViewport(page, emailField);
    await expectNoSeriousAxeFindings(page, "esqueci minha senha (390)");
    await emailField.fill(email);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByRole("status")).toContainText("enviaremos um link para redefinir a senha");

    const mail = await waitForMail(sharedDataDir(), { to: email, subject: "Redefinição de senha" });
    await page.goto(linkTo(mail, "/redefinir-senha").toString());
    await expect(page.getByRole("heading", { level: 1, name: "Redefinir senha" })).toBeVisible();
    const password = page.getByLabel(/^Nova senha/);
    const confirmation = page.getByLabel(/^Confirmação da nova senha/);
    await expectInsideViewport(page, password);
    await expectInsideViewport(page, confirmation);
    await expectNoSideScroll(page);
    await expectNoSeriousAxeFindings(page, "redefinir senha (390)");
    await password.fill("Nova#Senha2026");
    await confirmation.fill("Nova#Senha2026");
    await page.getByRole("button", { name: "Salvar senha" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Senha definida" })).toBeFocused();

    await page.getByRole("main").getByRole("link", { name: "Entrar" }).click();
    await login(page, email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText("Login ou senha inválidos.");
    await page.getByLabel(/^Senha/).fill("Nova#Senha2026");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/editais-publicados$/);
  });

  test("the sign-up form fits the phone", async ({ page }) => {
    await page.goto("/cadastro");
    await expect(page.getByRole("heading", { level: 1, name: "Criar conta" })).toBeVisible();
    for (const field of Object.values(signUpFields(page))) await expectInsideViewport(page, field);
    for (const choice of ["Órgão público", "Fornecedor (empresa ou pessoa física)", "Cidadão"])
      await expectInsideViewport(page, page.getByRole("radio", { name: choice }));
    await expectInsideViewport(page, page.getByRole("button", { name: "Criar conta" }));
    await expectNoSideScroll(page);
    await expectNoSeriousAxeFindings(page, "cadastro (390)");
  });
});
