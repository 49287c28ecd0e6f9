import { expect, test } from "@playwright/test";
import { cspViolations } from "../support/app";

interface ListResponse {
  auctionNotices: {
    noticeNumber: string;
    objectOfInterest: string;
    modality: string;
    buyer: { corporateName: string; state: string };
  }[];
  total: number;
  limitResult: number;
}

test.describe("public site", () => {
  test("a visitor sees the published demo notices on /editais", async ({ page }) => {
    const blocked = cspViolations(page);
    // What the page itself was answered: other tests publish notices meanwhile on the shared server,
    // so a list read apart from the page's may already differ from it.
    const answer = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/public/auction/list",
    );
    const document = await page.goto("/editais");
    // The security headers the server sends with the app, under which all of this must work.
    expect(document?.headers()["content-security-policy"]).toContain("script-src 'self'");
    const response = await answer;
    expect(response.ok()).toBe(true);
    const expected = (await response.json()) as ListResponse;
    expect(expected.total).toBeGreaterThan(0);

    await expect(page.getByRole("heading", { level: 1, name: "Editais publicados" })).toBeVisible();
    const table = page.getByRole("table", { name: "Editais publicados" });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(Math.min(expected.total, expected.limitResult));
    for (const notice of expected.auctionNotices) {
      const row = rows.filter({ hasText: notice.noticeNumber });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(notice.objectOfInterest);
      await expect(row).toContainText(notice.buyer.corporateName);
    }
    await expect(
      page.getByText(`${expected.total} ${expected.total === 1 ? "resultado" : "resultados"}`),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
    expect(blocked).toEqual([]);
  });

  test("a search without a match shows 'Nenhum resultado encontrado'", async ({ page }) => {
    await page.goto("/editais");
    const table = page.getByRole("table", { name: "Editais publicados" });
    await expect(table.locator("tbody tr").first()).not.toContainText("Nenhum resultado encontrado");
    await page.getByRole("textbox", { name: "Pesquisar" }).fill("zz-nenhum-edital-com-este-texto");
    await page.getByRole("button", { name: "Pesquisar" }).click();
    await expect(table.getByRole("cell", { name: "Nenhum resultado encontrado" })).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(1);
  });

  test("the modality and state filters narrow the list", async ({ page }) => {
    // Each step is checked against the answer the page itself got for it: other tests publish
    // notices meanwhile on the shared server.
    const listAnswer = () =>
      page
        .waitForResponse(
          (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/public/auction/list",
        )
        .then(async (r) => (await r.json()) as ListResponse);
    const table = page.getByRole("table", { name: "Editais publicados" });
    const rows = table.locator("tbody tr");
    const expectRows = async (answer: ListResponse) => {
      await expect(rows).toHaveCount(answer.auctionNotices.length);
      for (const notice of answer.auctionNotices)
        await expect(rows.filter({ hasText: notice.noticeNumber })).toHaveCount(1);
    };

    const first = listAnswer();
    await page.goto("/editais");
    const all = await first;
    await expectRows(all);

    await page.getByRole("combobox", { name: "Modalidades" }).click();
    await page.getByRole("option", { name: "Dispensa Eletrônica", exact: true }).click();
    await page.keyboard.press("Escape");
    const byModality = listAnswer();
    await page.getByRole("button", { name: "Pesquisar" }).click();
    const dispensers = await byModality;
    expect(dispensers.auctionNotices.length).toBeGreaterThan(0);
    expect(dispensers.auctionNotices.length).toBeLessThan(all.auctionNotices.length);
    expect(dispensers.auctionNotices.every((n) => n.modality === "ELECTRONIC_DISPENSER")).toBe(true);
    await expectRows(dispensers);

    // Cleared, the list holds every notice of the first answer again (and any published since).
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    for (const notice of all.auctionNotices)
      await expect(rows.filter({ hasText: notice.noticeNumber })).toHaveCount(1);
    await page.getByRole("combobox", { name: "Estado (UF)" }).click();
    await page.getByRole("option", { name: "MG — Minas Gerais" }).click();
    const byState = listAnswer();
    await page.getByRole("button", { name: "Pesquisar" }).click();
    const inMinas = await byState;
    expect(inMinas.auctionNotices.length).toBeGreaterThan(0);
    expect(inMinas.auctionNotices.every((n) => n.buyer.state === "MG")).toBe(true);
    await expectRows(inMinas);
  });

  test("a header click sorts the list and a second one reverses it", async ({ page }) => {
    await page.goto("/editais");
    const table = page.getByRole("table", { name: "Editais publicados" });
    const header = table.getByRole("columnheader", { name: /Edital/ });
    await expect(table.locator("tbody tr").first()).not.toContainText("Nenhum resultado encontrado");
    const numbers = () => table.locator("tbody tr td:nth-child(2)").allTextContents();

    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect
      .poll(async () => {
        const list = await numbers();
        return list.join("|") === [...list].sort((a, b) => a.localeCompare(b, "pt-BR")).join("|");
      })
      .toBe(true);
    const ascending = await numbers();

    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect.poll(numbers).toEqual([...ascending].reverse());
  });

  test("the header links reach the institutional pages", async ({ page }) => {
    await page.goto("/editais");
    const nav = page.getByRole("navigation", { name: "Navegação principal", exact: true });
    const pages: [string, string][] = [
      ["Quem somos", "/quem-somos"],
      ["Sobre a plataforma", "/sobre-a-plataforma"],
      ["Legislação e regulamentos", "/legislacao-e-regulamentos"],
      ["Tutoriais", "/tutoriais"],
      ["Contato", "/contato"],
      ["Editais", "/editais"],
    ];
    for (const [name, href] of pages) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    await nav.getByRole("link", { name: "Legislação e regulamentos" }).click();
    await expect(page.getByText("Lei nº 14.133/2021")).toBeVisible();
    await expect(page.getByText("Decreto nº 10.024/2019")).toBeVisible();
    await expect(page.getByText("Contrato de adesão — órgão promotor")).toBeVisible();
  });
});
