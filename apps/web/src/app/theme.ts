import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineTheme,
  parseThemeColor,
  type VariantColorsResolver,
} from "@mantine/core";
import { AA_TEXT, contrastRatio, darkenHex, readableOn } from "../ui/contrast";
import { STATUS_TEXT } from "../ui/status-colors";
import { CLEAR_FILE_LABEL, EMPTY_SELECT_TEXT } from "../ui/texts";

// A sober institutional blue (close to the federal government's #1351B4), lightest to darkest.
const certameBlue: MantineColorsTuple = [
  "#eaf1fb",
  "#d3e1f6",
  "#a6c2ec",
  "#76a1e2",
  "#4f86d9",
  "#3774d4",
  "#1351b4",
  "#0e4297",
  "#0b3d91",
  "#072a66",
];

/**
 * Mantine clamps a given shade to 6 for subtle and transparent text, and fills with any shade it is
 * given: `color="red.8" variant="subtle"` wrote red.6 (3.28:1), `color="green.9"` filled white text on
 * 4.37:1. A shade that would read below 4.5:1 gives way to the colour's readable variable (the plain
 * names are made readable in `cssVariablesResolver`), so no variant writes unreadable text.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade === undefined) return resolved;
  const { color: name, shade } = parsed;
  const shades = input.theme.colors[name] as readonly string[];
  const white = input.theme.white;
  if (input.variant === "filled") {
    const text = resolved.color === "var(--mantine-color-black)" ? input.theme.black : white;
    if (contrastRatio(text, shades[shade] as string) >= AA_TEXT) return resolved;
    return {
      ...resolved,
      background: `var(--mantine-color-${name}-filled)`,
      hover: `var(--mantine-color-${name}-filled-hover)`,
      color: "var(--mantine-color-white)",
    };
  }
  if (input.variant === "subtle" || input.variant === "transparent" || input.variant === "outline") {
    // The shade asked for when it reads (Mantine would have lightened it to 6), else the tone's text.
    if (contrastRatio(shades[shade] as string, white) >= AA_TEXT)
      return { ...resolved, color: `var(--mantine-color-${name}-${shade})` };
    const readable = `var(--mantine-color-${name}-${input.variant === "outline" ? "outline" : "text"})`;
    return {
      ...resolved,
      color: readable,
      border: input.variant === "outline" ? `1px solid ${readable}` : resolved.border,
    };
  }
  return resolved;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "certame",
  primaryShade: { light: 6, dark: 4 },
  colors: { certame: certameBlue },
  fontFamily:
    "'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  headings: { fontWeight: "650" },
  defaultRadius: "sm",
  // Who asks the system for reduced motion gets panels, modals and toasts without animation (WCAG 2.3.3);
  // the browser tests ask for it too, so nothing moves under a click.
  respectReducedMotion: true,
  components: {
    Container: { defaultProps: { px: { base: "md", sm: "lg", lg: "xl" } } },
    Select: { defaultProps: { nothingFoundMessage: EMPTY_SELECT_TEXT } },
    MultiSelect: { defaultProps: { nothingFoundMessage: EMPTY_SELECT_TEXT } },
    // A clearable file field shows a close button once a file is chosen: named (axe 'button-name').
    FileInput: { defaultProps: { clearButtonProps: { "aria-label": CLEAR_FILE_LABEL } } },
    // Every toast's close button is named (axe 'button-name'); all notifications are Notification.
    // Under a title, Mantine greys the text with gray.6 (3.2:1 on white, an axe contrast finding
    // whenever such a toast is on screen): it takes the page's dimmed grey instead.
    Notification: {
      defaultProps: { closeButtonProps: { "aria-label": "Fechar" } },
      styles: { description: { color: "var(--mantine-color-dimmed)" } },
    },
  },
});

/** The backgrounds text sits on: the page, the grey panels, the light-blue selected rows. */
export function textBackgrounds(resolved: MantineTheme): string[] {
  const { white, colors } = resolved;
  return [white, colors.gray[0], colors.gray[1], colors.certame?.[0], colors.certame?.[1]].filter(
    (c): c is string => c !== undefined,
  );
}

/**
 * Every colour's variables at WCAG AA (issue 33; docs/decisions.md, 'Status colours'): its text
 * (`c=`), the text of its light alerts and badges, its outline, and its fill — white text on
 * `-filled` (buttons, badges, icons): Mantine's shade 6 reads 3.28:1 under white for red, 1.86:1 for
 * yellow. The status tones take their `STATUS_TEXT` colour for all of them; another colour its first
 * shade from the primary one that reads (blue.8, gray.7), darkened where no shade does.
 */
function colorVariables(resolved: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {
    "--mantine-color-error": STATUS_TEXT.red,
    "--mantine-color-success": STATUS_TEXT.teal,
  };
  const primaryShade =
    typeof resolved.primaryShade === "number" ? resolved.primaryShade : resolved.primaryShade.light;
  const backgrounds = textBackgrounds(resolved);
  for (const [name, shades] of Object.entries(resolved.colors)) {
    const status = STATUS_TEXT[name as keyof typeof STATUS_TEXT] as string | undefined;
    const fill = status ?? readableOn(shades.slice(primaryShade), [resolved.white]);
    variables[`--mantine-color-${name}-filled`] = fill;
    variables[`--mantine-color-${name}-filled-hover`] = darkenHex(fill, 0.12);
    variables[`--mantine-color-${name}-outline`] = fill;
    variables[`--mantine-color-${name}-text`] = status ?? readableOn(shades.slice(primaryShade), backgrounds);
    variables[`--mantine-color-${name}-light-color`] =
      status ?? readableOn(shades.slice(9), [shades[1] as string, ...backgrounds]);
  }
  return variables;
}

/**
 * Mantine's 'dimmed' grey (gray.6, #868e96) reads 3.2:1 on white, below WCAG AA's 4.5:1 for text:
 * the secondary text of every page takes gray.7 (#495057, 8:1) instead.
 */
export const DIMMED_LIGHT = "var(--mantine-color-gray-7)";

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  // The app has the light scheme only (Providers: defaultColorScheme="light", no switch).
  light: { "--mantine-color-dimmed": DIMMED_LIGHT, ...colorVariables(resolved) },
  dark: {},
});
