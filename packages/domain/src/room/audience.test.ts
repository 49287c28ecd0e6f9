import { describe, expect, it } from "vitest";
import { anonymousSupplierName, audienceOf, viewerOf } from "./audience";

// DESIGN §5 audiences: the body's staff, the suppliers and the citizens each get their own frame.

describe("the room's audiences", () => {
  it("puts suppliers (enabled or not), citizens and everyone of the body in their audience", () => {
    expect(audienceOf("ENABLED_SUPPLIER")).toBe("SUPPLIER");
    expect(audienceOf("DISABLED_SUPPLIER")).toBe("SUPPLIER");
    expect(audienceOf("REGULAR_CITIZEN")).toBe("CITIZEN");
    expect(audienceOf("AUCTIONEER")).toBe("BODY");
    expect(viewerOf({ role: "ENABLED_SUPPLIER", supplierId: "s1" })).toEqual({
      audience: "SUPPLIER",
      supplierId: "s1",
    });
  });

  it("labels a bidder by its anonymous number, '?' without one", () => {
    expect(anonymousSupplierName(3)).toBe("Licitante 3");
    expect(anonymousSupplierName(null)).toBe("Licitante ?");
  });
});
