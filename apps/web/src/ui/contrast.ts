/** WCAG 2.x relative luminance of an sRGB colour written #rrggbb or #rgb (WCAG 2.2, 'relative luminance'). */
export function relativeLuminance(color: string): number {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  const hex = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a #rrggbb colour: ${color}`);
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two colours, (L1 + 0.05) / (L2 + 0.05) with L1 the lighter one. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG 2.2 SC 1.4.3 (contrast, minimum): text reads at least 4.5:1 on its background. */
export const AA_TEXT = 4.5;

/** `color` mixed towards black by `amount` (0–1), as #rrggbb. */
export function darkenHex(color: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * The first of `candidates` that reads at least 4.5:1 on every one of `backgrounds`; when none does,
 * the last one darkened step by step until it does (a darker shade of the same hue).
 */
export function readableOn(candidates: readonly string[], backgrounds: readonly string[]): string {
  const reads = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= AA_TEXT);
  const found = candidates.find(reads);
  if (found) return found;
  let color = candidates[candidates.length - 1] as string;
  // Light backgrounds only: towards black a colour reads on them within these steps (0.95^60 ≈ 5%).
  for (let step = 0; step < 60 && !reads(color); step++) color = darkenHex(color, 0.05);
  return color;
}
