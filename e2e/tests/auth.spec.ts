import { expect, test } from "@playwright/test";
import { loginAs, loginThroughForm, sideMenu } from "../support/app";
import { expectFormErrorState } from "../support/form-errors";

test.describe("login and logout", () => {
  test("a wrong password shows the server's message", async ({ page, request }) => {
    const refused = await request.post("/api/public/auth/login", {
      data: { login: "fornecedor1@demo.com.br", password: "senha-errada" },
    });
    expect(refused.status()).toBe(401);
    const { message } = (await refused.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);

    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill("fornecedor1@demo.com.br");
    await page.getByLabel(/^Senha/).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByRole("alert")).toContainText(message);
    await expect(page).toHaveURL(/\/login$/);
    // A refusal of no one field (which of the two is wrong is not told): announced, read at both sizes.
    await expectFormErrorState(page, { what: "login recusado", fields: [], announced: message });
  });

  test("the form logs in; the top bar shows the user and the body; the session survives a reload", async ({
    page,
  }) => {
    await loginThroughForm(page, "pregoeiro@demo.gov.br");
    const me = await page.request.post("/api/app/auth/me");
    const { user } = (await me.json()) as { user: { name: string; buyer: { corporateName: string } } };
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await expect(page.getByTestId("user-organisation")).toHaveText(user.buyer.corporateName);
    await page.reload();
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await expect(
      page.getByRole("list", { name: "Editais publicados" }).getByRole("article").first(),
    ).toBeVisible();
  });

  test("'Sair' logs out and goes to /editais", async ({ page }) => {
    await loginAs(page, "cidadao@demo.com.br");
    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(/\/editais$/);
    await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
    const me = await page.request.post("/api/app/auth/me");
    expect(me.status()).toBe(401);
    await page.goto("/editais-publicados");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a route of the menu without its feature says so", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    const entry = "Empresas apenadas e impedidas";
    await sideMenu(page).getByRole("link", { name: entry }).click();
    await expect(page).toHaveURL(/\/empresas-apenadas-e-impedidas$/);
    await expect(page.getByRole("heading", { level: 1, name: entry })).toBeVisible();
    await expect(
      page.getByText("Esta funcionalidade ainda não está disponível nesta versão da plataforma."),
    ).toBeVisible();
    await expect(sideMenu(page).getByRole("link", { name: entry })).toHaveAttribute("aria-current", "page");
  });
});
