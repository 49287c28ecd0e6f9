import { expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, loginAs } from "../support/app";
import { expectNoSeriousAxeFindings } from "../support/axe";
import { withDatabase } from "../support/database";

// Issue 13 item 4: the platform staff's console (/analise-de-cadastros). A company completed its
// registration long ago (so it is the oldest and late); admin@certame.local opens it, rejects it with
// a reason, and it leaves the queue — at the desktop and the phone sizes, with axe on each screen.

/** A CNPJ with valid check digits, unique to this run. */
function uniqueCnpj(): string {
  const base = `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-8).split("").map(Number);
  const digits = [...base, 0, 0, 0, 1];
  const digit = (ds: number[], weights: number[]) => {
    const r = ds.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(digits, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = digit([...digits, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...digits, first, second].join("");
}

/**
 * A supplier whose registration was completed years ago and waits for the analysis, written as
 * the completion leaves it (status PENDING, one open analysis). The due time is the test's own; the
 * server computes the real one when a registration is completed.
 */
async function pendingSupplier(name: string): Promise<string> {
  return withDatabase(async (client) => {
    const email = `analise.e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@teste.com.br`;
    const user = await client.query<{ id: string }>(
      `insert into users (kind, name, email, password_hash, email_confirmed_at)
       select 'SUPPLIER', 'Otávio Lins', $1, password_hash, now() from users where email = 'fornecedor1@demo.com.br'
       returning id`,
      [email],
    );
    const userId = user.rows[0]?.id;
    const supplier = await client.query<{ id: string }>(
      `insert into suppliers (user_id, credential_kind, document_number, corporate_name, email, registration_status,
         trade_representative_name, city, state)
       values ($1, 'LEGAL_PERSON', $2, $3, $4, 'PENDING', 'Otávio Lins', 'Belo Horizonte', 'MG') returning id`,
      [userId, uniqueCnpj(), name, email],
    );
    const supplierId = supplier.rows[0]?.id;
    await client.query(
      `insert into registration_reviews (subject_kind, supplier_id, submitted_by_user_id, submitted_at, due_at)
       values ('SUPPLIER', $1, $2, $3, $3::timestamptz + interval '1 day')`,
      // Each later test's registration is older still, so it heads the queue whatever others left.
      [supplierId, userId, new Date(Date.UTC(2020, 0, 1) - (Date.now() % 1e11))],
    );
    return supplierId as string;
  });
}

const statusOf = (supplierId: string) =>
  withDatabase(async (client) => {
    const r = await client.query<{ registration_status: string }>(
      "select registration_status from suppliers where id = $1",
      [supplierId],
    );
    return r.rows[0]?.registration_status;
  });

async function expectInside(selector: ReturnType<Page["locator"]>, width: number) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width + 1);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`platform staff rejects a registration with a reason at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const name = `Lins Materiais ${viewport.width} ${Date.now()} Ltda`;
    const supplierId = await pendingSupplier(name);
    await loginAs(page, "admin@certame.local");
    await page.goto("/analise-de-cadastros");
    await expect(page.getByRole("heading", { level: 1, name: "Análise de cadastros" })).toBeVisible();

    const phone = viewport.width < 768;
    // The oldest first: this one, completed 30 days ago, heads the queue and is late.
    const queue = phone
      ? page.getByRole("list", { name: "Cadastros aguardando análise" })
      : page.getByRole("table", { name: "Cadastros aguardando análise" });
    const entries = queue.getByRole(phone ? "listitem" : "row");
    const entry = entries.filter({ hasText: name });
    await expect(entry).toBeVisible();
    await expect(entry.getByText("Atrasado")).toBeVisible();
    // Oldest first: this years-old registration comes before the demo Câmara's, completed hours ago.
    // (Not "first of all": the other viewport's run of this test, in another worker, is as old.)
    const names = await entries.allInnerTexts();
    const mine = names.findIndex((text) => text.includes(name));
    const demo = names.findIndex((text) => text.includes("Câmara Municipal de Exemplo"));
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(demo === -1 || mine < demo).toBe(true);
    await expectNoSeriousAxeFindings(page, "a fila de análise");

    await entry.getByRole("button", { name: `Abrir ${name}` }).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog.getByText("Otávio Lins").first()).toBeVisible();
    await expect(dialog.getByText("Declarações")).toBeVisible();
    await expectNoSeriousAxeFindings(page, "o cadastro aberto");

    await dialog.getByRole("button", { name: "Reprovar" }).click();
    const reject = page.getByRole("dialog", { name: "Reprovar cadastro" });
    const reason = reject.getByRole("textbox", { name: /Motivo da reprovação/ });
    await expect(reason).toBeFocused();
    await expectInside(reason, viewport.width);
    const text = "O contrato social enviado está ilegível. Envie uma cópia legível e conclua o cadastro.";
    await reason.fill(text);
    await expect(reject.getByText(`${text.length} / 2000`)).toBeVisible();
    await expectNoSeriousAxeFindings(page, "a reprovação com motivo");
    await reject.getByRole("button", { name: "Reprovar" }).click();

    await expect(page.getByTestId("analysis-announcer")).toHaveText(
      `Cadastro de ${name} reprovado. O motivo foi enviado por e-mail ao usuário.`,
    );
    await expect(reject).toBeHidden();
    await expect(entry).toHaveCount(0);
    expect(await statusOf(supplierId)).toBe("REJECTED");

    // It is among the decided ones, with its decision.
    await page.getByText("Concluídas").click();
    const decided = page.getByRole(phone ? "list" : "table", { name: "Análises concluídas" });
    await expect(decided.getByText(name)).toBeVisible();
    await expect(decided.getByRole(phone ? "listitem" : "row").filter({ hasText: name })).toContainText(
      "Reprovado em",
    );
    await expectNoSeriousAxeFindings(page, "as análises concluídas");
  });
}

for (const [login, title, blocks, link] of [
  [
    "licitacoes@camara.demo.gov.br",
    "Em análise pela equipe da plataforma",
    "A publicação de processos fica disponível após a aprovação.",
    "Ver o cadastro do órgão",
  ],
  [
    "fornecedor4@demo.com.br",
    "Cadastro em preenchimento",
    "O envio de propostas e lances fica disponível após a aprovação.",
    "Concluir o cadastro de fornecedor",
  ],
] as const) {
  test(`${login} is told why it cannot act yet (demo data)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Not loginAs: the login may lead a registration in progress to its own page.
    await page.goto("/login");
    await page.getByRole("textbox", { name: "E-mail ou CPF/CNPJ" }).fill(login);
    await page.getByLabel(/^Senha/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    const banner = page.getByTestId("registration-status-banner");
    await expect(banner).toContainText(title);
    await expect(banner).toContainText(blocks);
    await expect(banner.getByRole("link", { name: link })).toBeVisible();
    await expectInside(banner, 390);
    await expectNoSeriousAxeFindings(page, "o aviso do cadastro");
  });
}
