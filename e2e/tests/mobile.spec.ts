import { expect, test } from "@playwright/test";
import { loginAs, sideMenu } from "../support/app";

test.use({ viewport: { width: 375, height: 740 } });

test.describe("mobile menu (375 px)", () => {
  test("opens with 'Abrir menu' and closes with 'Fechar menu'", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    const entry = sideMenu(page).getByRole("link", { name: "Documentos de habilitação" });
    await expect(entry).not.toBeInViewport();

    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(entry).toBeInViewport();
    await page.getByRole("button", { name: "Fechar menu" }).click();
    await expect(entry).not.toBeInViewport();
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
  });

  test("following an entry of the open menu closes it", async ({ page }) => {
    await loginAs(page, "fornecedor1@demo.com.br");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await sideMenu(page).getByRole("link", { name: "Meus editais" }).click();
    await expect(page).toHaveURL(/\/meus-editais$/);
    await expect(page.getByRole("heading", { level: 1, name: "Meus editais" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Abrir menu" })).toBeVisible();
    await expect(sideMenu(page).getByRole("link", { name: "Meus editais" })).not.toBeInViewport();
  });

  test("the public header folds its links into the same toggle", async ({ page }) => {
    await page.goto("/editais");
    const link = page.getByRole("navigation", { name: "Navegação principal (móvel)" }).getByRole("link", {
      name: "Tutoriais",
    });
    await expect(link).not.toBeInViewport();
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await link.click();
    await expect(page).toHaveURL(/\/tutoriais$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tutoriais" })).toBeVisible();
  });
});
