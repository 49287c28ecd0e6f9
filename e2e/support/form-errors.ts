import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAxeFindings } from "./axe";

/** The two sizes issue 33 judges a form's error state at: a desktop and a phone. */
export const FORM_ERROR_VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

export interface FormErrorState {
  /** What the form is, for the failure messages ('cadastro de fornecedor'). */
  what: string;
  /** The fields the refused submit marked invalid, the first one first (it is the one announced). */
  fields: Locator[];
  /**
   * A text a live region (role alert/status, aria-live) must carry: the announcement of a refusal
   * that belongs to no field (a wrong password), or of a lookup that failed.
   */
  announced?: string | RegExp;
  /** Selectors axe must not judge, as in expectNoSeriousAxeFindings. */
  exclude?: string[];
}

/** The texts of the live regions on the page (what a screen reader has been told). */
async function liveTexts(page: Page): Promise<string[]> {
  return page
    .locator('[role="alert"], [role="status"], [aria-live="polite"], [aria-live="assertive"]')
    .allInnerTexts();
}

interface FieldState {
  invalid: boolean;
  /** The field's error message: the element Mantine names '<id>-error' among its described-by. */
  message: string;
  /** The visible texts of all the elements its aria-describedby names. */
  describedBy: string[];
  /** The focus is on the field (or, for a group of radios or checkboxes, inside it). */
  focused: boolean;
}

/**
 * A field as assistive technology reads it. A group of radios or checkboxes (role radiogroup/group)
 * carries the message for all its options: each option is marked invalid, the group describes them.
 */
async function fieldState(field: Locator): Promise<FieldState> {
  return field.evaluate((element) => {
    const document = element.ownerDocument;
    const role = element.getAttribute("role");
    const isGroup = role === "radiogroup" || role === "group";
    const options: string[] = isGroup
      ? Array.from(
          element.querySelectorAll("input"),
          (o: { getAttribute(name: string): string | null }) => o.getAttribute("aria-invalid") ?? "",
        )
      : [];
    const invalid = isGroup
      ? options.length > 0 && options.every((o) => o === "true")
      : element.getAttribute("aria-invalid") === "true";
    const ids = (element.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const describedBy: string[] = [];
    let message = "";
    for (const id of ids) {
      const target = document.getElementById(id);
      if (!target || target.getClientRects().length === 0) continue;
      const text = (target.textContent ?? "").trim();
      if (!text) continue;
      describedBy.push(text);
      if (id.endsWith("-error") && !message) message = text;
    }
    const active = document.activeElement;
    const focused = active === element || (isGroup && active !== null && element.contains(active));
    return { invalid, message, describedBy, focused };
  });
}

/**
 * A form after a refused submit (or a failed lookup), as issue 33 asks it of every form: each invalid
 * field is `aria-invalid="true"` with its message linked by `aria-describedby`; the first error is
 * announced — the focus is on the first invalid field, or a live region says it (or `announced`); and
 * axe finds nothing critical or serious at 1440×900 and at 390×844. Leaves the page at its viewport.
 */
export async function expectFormErrorState(page: Page, state: FormErrorState): Promise<void> {
  const [first] = state.fields;
  for (const [index, field] of state.fields.entries()) {
    const what = `${state.what}, campo ${index + 1}`;
    await expect
      .poll(async () => (await fieldState(field)).invalid, { message: `${what}: aria-invalid` })
      .toBe(true);
    const { message, describedBy } = await fieldState(field);
    expect(message, `${what}: a mensagem de erro ligada por aria-describedby`).not.toBe("");
    expect(describedBy).toContain(message);
  }
  // A given announcement (a lookup's notification) stands for the first field's.
  if (first && state.announced === undefined) {
    const { message } = await fieldState(first);
    await expect
      .poll(
        async () =>
          (await fieldState(first)).focused || (await liveTexts(page)).some((t) => t.includes(message)),
        { message: `${state.what}: o primeiro erro ('${message}') é anunciado (foco ou aria-live)` },
      )
      .toBe(true);
  }
  if (state.announced !== undefined) {
    const announced = state.announced;
    await expect
      .poll(
        async () =>
          (await liveTexts(page)).some((text) =>
            typeof announced === "string" ? text.includes(announced) : announced.test(text),
          ),
        { message: `${state.what}: '${announced}' numa região aria-live` },
      )
      .toBe(true);
  }
  if (!first && state.announced === undefined) throw new Error(`${state.what}: nada a verificar`);

  const original = page.viewportSize();
  for (const viewport of FORM_ERROR_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNoSeriousAxeFindings(
      page,
      `${state.what} com erros (${viewport.width}×${viewport.height})`,
      state.exclude,
    );
  }
  if (original) await page.setViewportSize(original);
}
