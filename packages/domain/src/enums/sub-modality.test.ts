import { describe, expect, it } from "vitest";
import { expectLabelsFor } from "./expect-labels";
import {
  SERVICE_KIND_SUB_MODALITIES,
  SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES,
  SUB_MODALITIES,
  SUB_MODALITIES_BY_GROUP,
  SUB_MODALITY_GROUP_LABELS,
  SUB_MODALITY_GROUPS,
  SUB_MODALITY_LABELS,
  subModalityGroup,
} from "./sub-modality";

describe("sub-modalities (notices-and-accounts §9 'Sub-modalities by modality')", () => {
  it("lists the eight competition sub-modalities plus SALE and FLUID_MARKETS", () => {
    expect(SUB_MODALITIES).toHaveLength(10);
    expect(SUB_MODALITIES).toContain("SALE");
    expect(SUB_MODALITIES).toContain("FLUID_MARKETS");
    expect(SUB_MODALITIES).toContain("SPECIAL_CONSTRUCTION");
  });

  it("has a distinct pt-BR label for every value", () => {
    expectLabelsFor(SUB_MODALITIES, SUB_MODALITY_LABELS);
    expect(SUB_MODALITY_LABELS.SALE).toBe("Alienação de bens");
    expect(SUB_MODALITY_LABELS.GOODS_ACQUISITION).toBe("Aquisição de bens");
    expect(SUB_MODALITY_LABELS.FLUID_MARKETS).toBe("Credenciamento em mercados fluidos");
  });
});

describe("sub-modality groups (planning §9 'Sub-modality groups')", () => {
  it("labels every group", () => {
    expectLabelsFor(SUB_MODALITY_GROUPS, SUB_MODALITY_GROUP_LABELS);
  });

  it("puts goods, services and engineering in their groups and leaves SALE and FLUID_MARKETS out", () => {
    expect(subModalityGroup("SPECIAL_GOODS_ACQUISITION")).toBe("GOODS");
    expect(subModalityGroup("HIRING_SPECIAL_SERVICES")).toBe("SERVICES");
    expect(subModalityGroup("CONSTRUCTION")).toBe("ENGINEERING");
    expect(subModalityGroup("HIRING_COMMON_ENGINEERING_SERVICES")).toBe("ENGINEERING");
    expect(subModalityGroup("SALE")).toBeNull();
    expect(subModalityGroup("FLUID_MARKETS")).toBeNull();
  });

  it("places no sub-modality in two groups", () => {
    const all = SUB_MODALITY_GROUPS.flatMap((g) => SUB_MODALITIES_BY_GROUP[g]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe("special or construction sub-modalities (notices-and-accounts §9 'Closing kinds per modality')", () => {
  it("are the special ones and the two construction ones", () => {
    expect([...SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES].sort()).toEqual(
      [
        "CONSTRUCTION",
        "HIRING_SPECIAL_ENGINEERING_SERVICES",
        "HIRING_SPECIAL_SERVICES",
        "SPECIAL_CONSTRUCTION",
        "SPECIAL_GOODS_ACQUISITION",
      ].sort(),
    );
    expect(SPECIAL_OR_CONSTRUCTION_SUB_MODALITIES).not.toContain("HIRING_COMMON_ENGINEERING_SERVICES");
  });

  it("asks for a service kind only for the services sub-modalities (planning §2.6)", () => {
    expect(SERVICE_KIND_SUB_MODALITIES).toEqual(["HIRING_SERVICES", "HIRING_SPECIAL_SERVICES"]);
  });
});
