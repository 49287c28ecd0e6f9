import { describe, expect, it } from "vitest";
import {
  DEMAND_PRIORITIES,
  DEMAND_PRIORITY_LABELS,
  ITEM_TYPE_LABELS,
  ITEM_TYPES,
  isPriorityJustificationRequired,
} from "./demand";
import { expectLabelsFor } from "./expect-labels";
import {
  RISK_IMPACT_LABELS,
  RISK_IMPACTS,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  RISK_MAP_COLUMNS,
  RISK_MAP_ROWS,
  RISK_PROBABILITIES,
  RISK_PROBABILITY_LABELS,
} from "./risk";
import {
  SERVICE_KIND_LABELS,
  SERVICE_KINDS,
  VULNERABILITY_STATEMENT_KIND_LABELS,
  VULNERABILITY_STATEMENT_KINDS,
} from "./study";

describe("demand formalization (planning §3 'Demand formalization', §4 'Purchase priority')", () => {
  it("labels the priorities as the radio shows them", () => {
    expectLabelsFor(DEMAND_PRIORITIES, DEMAND_PRIORITY_LABELS);
    expect(DEMAND_PRIORITY_LABELS).toEqual({ LOW: "Baixa", MEDIUM: "Média", HIGH: "Alta" });
  });

  it("requires a justification only for a high priority", () => {
    expect(isPriorityJustificationRequired("HIGH")).toBe(true);
    expect(isPriorityJustificationRequired("MEDIUM")).toBe(false);
  });

  it("labels the item types", () => {
    expectLabelsFor(ITEM_TYPES, ITEM_TYPE_LABELS);
  });
});

describe("risk matrix scales (planning §3 'Risk', §2.7 'Panel')", () => {
  it("labels probability, impact and level", () => {
    expectLabelsFor(RISK_PROBABILITIES, RISK_PROBABILITY_LABELS);
    expectLabelsFor(RISK_IMPACTS, RISK_IMPACT_LABELS);
    expectLabelsFor(RISK_LEVELS, RISK_LEVEL_LABELS);
  });

  it("draws a 5×5 map, probability from very high down, impact from insignificant up", () => {
    expect(RISK_MAP_ROWS[0]).toBe("VERY_HIGH");
    expect(RISK_MAP_ROWS[4]).toBe("VERY_LOW");
    expect(RISK_MAP_COLUMNS[0]).toBe("INSIGNIFICANT");
    expect(RISK_MAP_COLUMNS[4]).toBe("CATASTROPHIC");
    expect(RISK_PROBABILITIES[0]).toBe("VERY_LOW");
  });
});

describe("preliminary technical study (planning §3)", () => {
  it("uses the service-kind labels verbatim", () => {
    expectLabelsFor(SERVICE_KINDS, SERVICE_KIND_LABELS);
    expect(SERVICE_KIND_LABELS.SERVICE_WITH_LABOR).toBe("Serviços Com Dedicação Exclusiva de Mão de Obra");
  });

  it("labels the three feasibility statements", () => {
    expectLabelsFor(VULNERABILITY_STATEMENT_KINDS, VULNERABILITY_STATEMENT_KIND_LABELS);
  });
});
