import { describe, expect, it } from "vitest";
import { REPORT_EVENTS } from "../live-events";
import { REPORT_EVENT_SCHEMAS, recreateReportsSchema } from "./reports";

// trading-room §7 recreate_reports.

describe("the reports' live command", () => {
  it("has its schema under its name", () => {
    expect(REPORT_EVENT_SCHEMAS[REPORT_EVENTS.recreateReports]).toBe(recreateReportsSchema);
  });

  it("requires the notice's id", () => {
    expect(recreateReportsSchema.parse({ auctionNoticeId: "11111111-1111-4111-8111-111111111111" })).toEqual({
      auctionNoticeId: "11111111-1111-4111-8111-111111111111",
    });
    expect(recreateReportsSchema.safeParse({}).success).toBe(false);
  });
});
