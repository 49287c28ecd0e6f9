import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "../support/axe";

// notices-and-accounts §2.1: the legislation library — 29 documents, the acts linking to their
// official texts, the site regulation and the three adhesion contracts as PDFs from the platform.

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the legislation library opens each document in a new tab at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/legislacao-e-regulamentos");
    await expect(page.getByRole("heading", { level: 1, name: "Legislação e regulamentos" })).toBeVisible();
    const links = page.getByRole("link", { name: /\(abre em nova aba\)$/ });
    await expect(links).toHaveCount(29);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const box = await link.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= viewport.width + 1).toBe(true);
    }
    await expectNoSeriousAxeFindings(page, "a biblioteca de legislação");

    // The regulation opens as a PDF drawn by the platform, in a tab of its own.
    const regulation = page.getByRole("link", { name: /^Regulamento do site/ });
    const [tab] = await Promise.all([page.context().waitForEvent("page"), regulation.click()]);
    await tab.close();
    for (const slug of [
      "regulamento-da-plataforma",
      "termo-de-adesao-pj",
      "termo-de-adesao-pf",
      "termo-de-adesao-orgao-promotor",
    ]) {
      const res = await page.request.get(`/api/public/legal-documents/${slug}`);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
}
