import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";
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

export const theme = createTheme({
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

/** A tone's text colour wherever Mantine writes it: `c="red"`, alerts and light badges. */
function statusToneVariables(): Record<string, string> {
  const variables: Record<string, string> = {
    "--mantine-color-error": STATUS_TEXT.red,
    "--mantine-color-success": STATUS_TEXT.teal,
  };
  for (const [tone, color] of Object.entries(STATUS_TEXT)) {
    variables[`--mantine-color-${tone}-text`] = color;
    variables[`--mantine-color-${tone}-light-color`] = color;
  }
  return variables;
}

/**
 * Mantine's 'dimmed' grey (gray.6, #868e96) reads 3.2:1 on white, below WCAG AA's 4.5:1 for text:
 * the secondary text of every page takes gray.7 (#495057, 8:1) instead.
 */
export const DIMMED_LIGHT = "var(--mantine-color-gray-7)";

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // The app has the light scheme only (Providers: defaultColorScheme="light", no switch).
  light: { "--mantine-color-dimmed": DIMMED_LIGHT, ...statusToneVariables() },
  dark: {},
});
