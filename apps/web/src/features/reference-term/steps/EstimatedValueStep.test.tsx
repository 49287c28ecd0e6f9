import type { EstimatedValueData } from "@certame/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EstimatedValueStep } from "./EstimatedValueStep";
import { answer, GOODS, renderStep, SERVICES_WITH_LABOR } from "./step-test-utils";

// planning §2.10 "Step 9 (reading B) — Estimated value", §5 "Estimated value".
type Data = EstimatedValueData;
const CRITERION = /Critério de Julgamento/;

describe("EstimatedValueStep", () => {
  it("asks whether the cost is confidential and for the judgement criterion", async () => {
    const { user, last } = renderStep<Data>(EstimatedValueStep, { context: SERVICES_WITH_LABOR });
    await answer(user, "Custo estimado sigiloso?", true);
    expect(last().isConfidentialEstimatedCost).toBe(true);
    await user.click(
      within(screen.getByRole("radiogroup", { name: CRITERION })).getByRole("radio", { name: "Menor preço" }),
    );
    expect(last()).toEqual({ isConfidentialEstimatedCost: true, dispensationForm: "LOWEST_PRICE" });
  });

  it.each([
    ["goods", GOODS, false],
    ["services", SERVICES_WITH_LABOR, true],
  ])("marks the criterion as required unless goods (%s)", (_, context, required) => {
    renderStep<Data>(EstimatedValueStep, { context });
    const label = screen.getByText("Critério de Julgamento");
    if (required) expect(label).toHaveAttribute("data-required", "true");
    else expect(label).not.toHaveAttribute("data-required");
  });

  it("shows an error under its field", () => {
    renderStep<Data>(EstimatedValueStep, {
      context: SERVICES_WITH_LABOR,
      errors: { isConfidentialEstimatedCost: ["Campo obrigatório"] },
    });
    expect(screen.getByText("Campo obrigatório")).toBeInTheDocument();
    // The label's own style names the theme's error colour (the DOM resolves the variable, or not, by
    // which provider's variables it holds).
    expect(screen.getByText("Custo estimado sigiloso?").getAttribute("style")).toContain(
      "color: var(--mantine-color-error)",
    );
  });
});
