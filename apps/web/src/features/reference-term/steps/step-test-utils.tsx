import type { ReferenceTermContext } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactNode, useState } from "react";
import { vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import type { StepFormProps } from "../step-props";

// Test helpers of the step forms: contexts per sub-modality group and service kind, and a harness
// that keeps the controlled value so that answers reveal their dependent fields.

export const GOODS: ReferenceTermContext = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "GOODS_ACQUISITION",
  serviceKind: null,
};
export const SERVICES_WITH_LABOR: ReferenceTermContext = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_SERVICES",
  serviceKind: "SERVICE_WITH_LABOR",
};
export const SERVICES_WITHOUT_LABOR: ReferenceTermContext = {
  modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
  subModality: "HIRING_SPECIAL_SERVICES",
  serviceKind: "SERVICE_WITHOUT_LABOR",
};
export const ENGINEERING: ReferenceTermContext = {
  modality: "ELECTRONIC_COMPETITION",
  subModality: "CONSTRUCTION",
  serviceKind: null,
};

export function renderStep<T>(
  Step: (props: StepFormProps<T>) => ReactNode,
  options: {
    value?: T;
    context: ReferenceTermContext;
    errors?: Record<string, string[]>;
    /** Props beyond StepFormProps (step 10's secretariats). */
    extra?: Record<string, unknown>;
  },
) {
  const onChange = vi.fn<(next: T) => void>();
  function Harness() {
    const [value, setValue] = useState<T>((options.value ?? {}) as T);
    const props: StepFormProps<T> = {
      ...options.extra,
      value,
      onChange: (next: T) => {
        onChange(next);
        setValue(next);
      },
      errors: options.errors ?? {},
      context: options.context,
      lots: [],
    };
    return <Step {...props} />;
  }
  const user = userEvent.setup();
  renderWithMantine(<Harness />);
  /** The last value the form emitted. */
  const last = () => onChange.mock.calls.at(-1)?.[0] as T;
  return { user, onChange, last };
}

/** Answers a yes/no question ('Sim' / 'Não') by its label. */
export async function answer(user: ReturnType<typeof userEvent.setup>, label: string, yes: boolean) {
  const group = screen.getByRole("radiogroup", { name: new RegExp(escapeRegExp(label)) });
  await user.click(within(group).getByRole("radio", { name: yes ? "Sim" : "Não" }));
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The input of a Mantine select by its label (its listbox carries the same label). */
export function selectInput(label: RegExp): HTMLElement {
  return screen.getByLabelText(label, { selector: "input" });
}

/** Picks an option of a Mantine select by its label. */
export async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(selectInput(label));
  await user.click(await screen.findByRole("option", { name: option }));
}

/** Types a text at once (a paste): long texts typed key by key are slow on a loaded machine. */
export async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
