import { expect, test } from "@playwright/test";
import { loginAs } from "../support/app";
import { expectFormErrorState } from "../support/form-errors";

// Issue 33 item 2 for a form whose 'Salvar' waits until complete: the payments console's plan editor
// (/pagamentos, platform staff) says what is missing, and a duration out of range typed and sent with
// Enter (the field clamps it only when left) is refused by the server on its field — announced and
// readable at 1440×900 and 390×844. Nothing is saved: the shared server's plans stay as they are.

test("the plan editor says what is missing and puts the server's refusal of a duration on its field", async ({
  page,
}) => {
  await loginAs(page, "admin@certame.local");
  await page.goto("/pagamentos");
  await page.getByRole("button", { name: "Novo plano periódico" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo plano periódico" });
  const save = dialog.getByRole("button", { name: "Salvar" });
  await expect(save).toBeDisabled();
  await expect(save).toHaveAccessibleDescription(
    "Falta preencher: Título, Duração (meses), Preço SA/LTDA, Preço ME-EPP.",
  );

  await dialog.getByRole("textbox", { name: /^Título/ }).fill("Bienal (recusado)");
  await dialog.getByRole("textbox", { name: /^Preço SA\/LTDA/ }).fill("37900");
  await dialog.getByRole("textbox", { name: /^Preço ME-EPP/ }).fill("22900");
  const duration = dialog.getByRole("textbox", { name: /^Duração/ });
  await duration.fill("61");
  await expect(save).toBeEnabled();
  const refused = page.waitForResponse((r) => r.url().endsWith("/api/app/subscription-plan/save"));
  await duration.press("Enter");
  expect((await refused).status()).toBe(400);
  await expect(duration).toHaveAccessibleDescription(/A duração deve ser de 1 a 60 meses/);
  await expectFormErrorState(page, { what: "plano: duração fora do intervalo", fields: [duration] });

  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
});
