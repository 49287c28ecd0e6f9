import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
/**
 * axe-core's browser build, evaluated in the page as it is (no wrapper library). Evaluated rather
 * than added as a script tag: the app's CSP rightly refuses inline scripts.
 */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The WCAG 2.x A/AA findings of axe-core on the page as it is now, `critical` and `serious` only
 * unless `impacts` says otherwise. `exclude` leaves out selectors the check must not judge.
 */
export async function axeFindings(
  page: Page,
  options: { impacts?: string[]; exclude?: string[] } = {},
): Promise<AxeFinding[]> {
  const impacts = options.impacts ?? ["critical", "serious"];
  // Judge the page at rest: a notification or modal still fading in has its colours mid-way (axe
  // reads the blended contrast), so wait for the running transitions and animations to end first.
  await page.waitForFunction(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the e2e project has no DOM types; this runs in the page.
    const animations: any[] = (globalThis as any).document.getAnimations();
    return animations.every(
      (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
    );
  });
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ exclude }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global by the script tag.
      const axe = (globalThis as any).axe;
      const result = await axe.run(
        { include: [["html"]], exclude: exclude.map((s: string) => [s]) },
        {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
          resultTypes: ["violations"],
        },
      );
      return result.violations.map(
        (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.map((n) => n.target.join(" ")),
        }),
      );
    },
    { exclude: options.exclude ?? [] },
  );
  return (violations as AxeFinding[]).filter((v) => v.impact !== null && impacts.includes(v.impact));
}

/** Fails with the findings listed when axe-core finds a critical or serious violation. */
export async function expectNoSeriousAxeFindings(page: Page, what: string, exclude?: string[]) {
  let findings = await axeFindings(page, { exclude });
  // A notification that began to fade in while axe was reading shows blended colours: judge the page
  // once more at rest. A real finding is there both times.
  if (findings.length > 0) findings = await axeFindings(page, { exclude });
  expect(findings, `${what}: ${JSON.stringify(findings, null, 2)}`).toEqual([]);
}
