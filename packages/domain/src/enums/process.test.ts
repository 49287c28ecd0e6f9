import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  PROCESS_ACTION_LABELS,
  PROCESS_ACTIONS,
  PROCESS_STATUS_LABELS,
  PROCESS_STATUSES,
  PROCESS_STEP_KIND_LABELS,
  PROCESS_STEP_KINDS,
  PROCESS_STEP_SLUGS,
  processActions,
  processSteps,
} from "./process";

describe("planning process status (planning §3 'Process', §4)", () => {
  it("is pending or published, labelled", () => {
    expectLabelsFor(PROCESS_STATUSES, PROCESS_STATUS_LABELS);
  });

  it("offers Editar and Excluir while pending, Editar once published, only Desfazer when deleted", () => {
    expectLabelsFor(PROCESS_ACTIONS, PROCESS_ACTION_LABELS);
    expect(processActions("PROCESS_PENDING", false)).toEqual(["EDIT", "DELETE"]);
    expect(processActions("PROCESS_PUBLISHED", false)).toEqual(["EDIT"]);
    expect(processActions("PROCESS_PENDING", true)).toEqual(["UNDO"]);
    expect(processActions("PROCESS_PUBLISHED", true)).toEqual(["UNDO"]);
  });
});

describe("process steps (planning §4 'Process step order', §2.1)", () => {
  it("labels every step kind", () => {
    expectLabelsFor(PROCESS_STEP_KINDS, PROCESS_STEP_KIND_LABELS);
    expect(PROCESS_STEP_KIND_LABELS.PRELIMINARY_TECHNICAL_STUDY).toBe("Estudo Técnico Preliminar");
  });

  it("runs the nine steps then the four signature and portal steps with the minute flag on", () => {
    const steps = processSteps();
    expect(steps).toHaveLength(13);
    expect(steps.slice(0, 5)).toEqual([
      "DEMAND_FORMALIZATION",
      "PRELIMINARY_TECHNICAL_STUDY",
      "RISK_MANAGEMENT",
      "BUDGET",
      "REFERENCE_TERM",
    ]);
    expect(steps[8]).toBe("PUBLICATION");
    expect(steps.slice(9)).toEqual(["SIGN_MINUTE", "SIGN_CONTRACT", "PNCP_MINUTE", "PNCP_CONTRACT"]);
  });

  it("keeps only the contract signature and portal steps with the flag off", () => {
    expect(processSteps(false).slice(9)).toEqual(["SIGN_CONTRACT", "PNCP_CONTRACT"]);
  });

  it("routes the five planning steps to their segments", () => {
    expect(PROCESS_STEP_SLUGS.RISK_MANAGEMENT).toBe("gerenciamento-de-risco");
    expect(PROCESS_STEP_SLUGS.REFERENCE_TERM).toBe("termo-de-referencia");
    expect(Object.keys(PROCESS_STEP_SLUGS)).toHaveLength(5);
  });
});
