import { expect, type Page } from "@playwright/test";

// Valid Brazilian documents and the inputs-in-view check the registration specs share.

/** The Receita Federal check digit (modulo 11) of `values` with `weights`. */
const mod11 = (values: number[], weights: number[]) => {
  const rest = values.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
};
const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10));

/** A CPF nobody else in this run is likely to hold: 9 random digits and their check digits. */
export function randomCpf(): string {
  const base = randomDigits(9);
  const first = mod11(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, mod11([...base, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])].join("");
}

/** A CNPJ of 12 random digits and their check digits. */
export function randomCnpj(root = ""): string {
  const base = [...root].map(Number).concat(randomDigits(12 - root.length));
  const first = mod11(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, mod11([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])].join("");
}

/** Every visible input of the page lies within the viewport's width (nothing cut off). */
export async function expectInputsInside(page: Page, width: number) {
  for (const input of await page.locator("input:visible").all()) {
    const box = await input.boundingBox();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
  }
}
