/**
 * The text colours of the status tones, in one place (docs/decisions.md, 'Status colours'). Mantine's
 * defaults read below WCAG AA's 4.5:1 (1.4.3): a field's error in red.6 #fa5252 is 3.28:1 on white, a
 * warning alert's title in yellow.9 on yellow.1 is 2.7:1. Each of these reads at least 4.5:1 on every
 * background it sits on: white, the grey panels (gray.0, gray.1), the light-blue selected rows
 * (certame.0, certame.1) and its own tone's alert background (shade 1). app/status-colors.test.ts measures it on the theme.
 */
export const STATUS_TEXT = {
  /** Errors: a field's message, its border and its text in error; red alerts and toasts. */
  red: "#b02525",
  /** Warnings: yellow alerts and toasts. */
  yellow: "#855200",
  orange: "#a83c0a",
  /** Success: teal alerts and toasts, a field's success state. */
  teal: "#066a4c",
  green: "#1f6b2f",
} as const;

export type StatusTone = keyof typeof STATUS_TEXT;
