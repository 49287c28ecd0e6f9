// The OCDS 1.1 readings of open data (issue 19 item 6; docs/decisions.md "Open data (OCDS 1.1)"):
// merging releases into the compiled release, and the codelist mappings.
import { describe, expect, it } from "vitest";
import { compileReleases, lotStatusOf, mergeInto, procurementMethodOf, tenderStatusOf } from "./ocds-release";

describe("OCDS merging (standard 1.1, 'Merging')", () => {
  it("merges objects by field, arrays of objects by id, replaces other arrays, removes on null", () => {
    const merged = mergeInto(
      {
        tender: { id: "t", status: "active", items: [{ id: "1", quantity: 2 }] },
        tag: ["tender"],
        note: "x",
      },
      {
        tender: { status: "complete", items: [{ id: "1", description: "Papel" }, { id: "2" }] },
        tag: ["award"],
        note: null,
      },
    );
    expect(merged).toEqual({
      tender: {
        id: "t",
        status: "complete",
        items: [{ id: "1", quantity: 2, description: "Papel" }, { id: "2" }],
      },
      tag: ["award"],
    });
  });

  it("compiles releases in date order (dates compared as instants), tagged 'compiled'", () => {
    const compiled = compileReleases([
      {
        ocid: "ocds-certame-1",
        id: "b",
        date: "2026-11-20T10:00:00-03:00",
        tag: ["award"],
        tender: { status: "complete" },
      },
      {
        ocid: "ocds-certame-1",
        id: "a",
        date: "2026-11-20T12:00:00Z",
        tag: ["tender"],
        tender: { status: "active" },
      },
    ]);
    // 12:00Z is 09:00 in Brasília: the award (10:00 -03:00) is the later release.
    expect(compiled).toMatchObject({
      id: "ocds-certame-1-compiled",
      date: "2026-11-20T10:00:00-03:00",
      tag: ["compiled"],
      tender: { status: "complete" },
    });
  });
});

describe("codelist mappings", () => {
  it("a waiver is direct, the electronic waiver limited, a bidding modality open (Lei 14.133 arts. 28, 72, 75)", () => {
    expect(procurementMethodOf("WAIVER_FORMALIZATION")).toBe("direct");
    expect(procurementMethodOf("NONENFORCEMENT")).toBe("direct");
    expect(procurementMethodOf("ELECTRONIC_DISPENSER")).toBe("limited");
    expect(procurementMethodOf("NEW_ELECTRONIC_REVERSED_AUCTION")).toBe("open");
  });

  it("tender and lot statuses follow the notice status and the lot phase (notices-and-accounts §4, trading-room §4)", () => {
    expect(tenderStatusOf("PUBLISHED", false)).toBe("active");
    expect(tenderStatusOf("FINISHED", true)).toBe("complete");
    expect(tenderStatusOf("FINISHED", false)).toBe("unsuccessful");
    expect(tenderStatusOf("REVOKED", false)).toBe("cancelled");
    expect(lotStatusOf("DESERTED")).toBe("unsuccessful");
    expect(lotStatusOf("CANCELED")).toBe("cancelled");
    expect(lotStatusOf("HOMOLOGATION")).toBe("complete");
    expect(lotStatusOf("BIDDING")).toBe("active");
  });
});
