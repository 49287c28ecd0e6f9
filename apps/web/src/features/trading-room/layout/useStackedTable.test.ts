import { describe, expect, it } from "vitest";
import { BID_COLUMN_WIDTHS, bidTableMinWidth } from "../bids/BidTable";
import { decideStacked } from "./useStackedTable";

describe("decideStacked", () => {
  it("draws a table until its box is measured and found narrower than the table needs", () => {
    expect(decideStacked(0, 900)).toBe(false); // not measured yet (test DOM, first paint)
    expect(decideStacked(360, 0)).toBe(false); // the table has not overflowed
    expect(decideStacked(360, 934)).toBe(true);
    expect(decideStacked(934, 934)).toBe(false);
    expect(decideStacked(1100, 934)).toBe(false);
  });
});

describe("bidTableMinWidth", () => {
  it("adds the fixed widths and the supplier column's minimum", () => {
    expect(
      bidTableMinWidth([
        { key: "date", width: BID_COLUMN_WIDTHS.date },
        { key: "supplier" },
        { key: "value", width: BID_COLUMN_WIDTHS.value },
      ]),
    ).toBe(BID_COLUMN_WIDTHS.date + BID_COLUMN_WIDTHS.supplierMin + BID_COLUMN_WIDTHS.value);
  });

  it("fits a supplier's nine columns in the 954 px box of a 1324 px screen (§9 breakpoint)", () => {
    const w = BID_COLUMN_WIDTHS;
    const supplierColumns = [
      w.date,
      w.time,
      undefined,
      w.smallBusiness,
      w.qualified,
      w.value,
      w.cancelled,
      w.documents,
      w.documents,
    ].map((width, i) => ({ key: String(i), width }));
    expect(bidTableMinWidth(supplierColumns)).toBeLessThanOrEqual(954);
  });
});
