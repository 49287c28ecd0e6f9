import type { GeneralConditionsData, ReferenceTermBatch } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithMantine } from "../../../test/render";
import { GeneralConditionsStep } from "./GeneralConditionsStep";
import { GOODS } from "./step-test-utils";

// Step 1 on a phone (planning §2.10 "Step 1"; the e2e checks inputs stay inside 390 px): each lot is
// a card with its controls, no side-scrolling table.

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOTS: ReferenceTermBatch[] = [1, 2].map((n) => ({
  id: `lot-${n}`,
  number: n,
  item: 1,
  description: n === 1 ? "Papel sulfite A4" : "Caneta esferográfica azul",
  quantity: 100 * n,
  isProductBrandRequired: false,
  decimalsNumber: null,
  minimumVariationKind: null,
  minimumVariation: null,
  batchItemParticipation: null,
}));

function phone() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe("GeneralConditionsStep on a phone", () => {
  it("shows each lot as a card whose controls still edit the lot", async () => {
    phone();
    const changes: GeneralConditionsData[] = [];
    function Harness() {
      const [value, setValue] = useState<GeneralConditionsData>({ batchList: LOTS });
      return (
        <GeneralConditionsStep
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          errors={{}}
          context={GOODS}
          lots={LOTS}
        />
      );
    }
    const user = userEvent.setup();
    renderWithMantine(<Harness />);
    const cards = await screen.findByRole("list", { name: "Lotes do processo" });
    expect(screen.queryByRole("table", { name: "Lotes do processo" })).not.toBeInTheDocument();
    const second = within(cards).getByRole("listitem", { name: "Lote 2 · Item 1" });
    expect(within(second).getByText("Caneta esferográfica azul")).toBeInTheDocument();
    // No lot has 2 decimals: the option shows 4 on load (§4 'On load'); 'Lote a lote' gives each card its select.
    expect(screen.getByLabelText(/^Casas decimais/, { selector: "input" })).toHaveValue("4");
    await user.click(screen.getByLabelText(/^Casas decimais/, { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "Lote a lote" }));
    await user.click(
      within(second).getByLabelText("Casas decimais - Lote 2 · Item 1", { selector: "input" }),
    );
    await user.click(await screen.findByRole("option", { name: "4" }));
    expect(changes.at(-1)?.batchList?.map((l) => l.decimalsNumber)).toEqual([null, 4]);
  });
});
