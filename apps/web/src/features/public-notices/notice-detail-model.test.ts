import { describe, expect, it } from "vitest";
import {
  currentPhase,
  formatFileSize,
  groupLots,
  type NoticeBatch,
  type NoticeDocument,
  splitDocuments,
} from "./notice-detail-model";

const batch = (number: number, item: number, phase = "OPEN_FOR_OFFERS"): NoticeBatch => ({
  id: `b-${number}-${item}`,
  number,
  item,
  quantity: 10,
  referencePrice: 1000,
  totalAmount: 10000,
  decimalsNumber: 2,
  phase,
  product: { id: "p", name: "Cadeira" },
  measurementUnit: { code: "UN" },
});

const doc = (id: string, kind: string): NoticeDocument => ({
  id,
  kind,
  label: null,
  description: null,
  name: `${id}.pdf`,
  url: `/api/public/auction/documents/${id}`,
  mimeType: "application/pdf",
  size: 10,
  createdDate: null,
});

describe("notice detail model", () => {
  it("groups the items under their lots, both in number order", () => {
    const lots = groupLots([batch(2, 1), batch(1, 2), batch(1, 1)]);
    expect(lots.map((l) => [l.number, l.items.map((i) => i.item)])).toEqual([
      [1, [1, 2]],
      [2, [1]],
    ]);
    expect(lots[0]?.phaseLabel).toBe("Aberto para propostas");
  });

  it("names the shared phase, or each phase with its lots, or none without lots", () => {
    expect(currentPhase(groupLots([batch(1, 1), batch(2, 1)]))).toBe("Aberto para propostas");
    expect(currentPhase(groupLots([batch(1, 1, "BIDDING"), batch(2, 1), batch(3, 1, "BIDDING")]))).toBe(
      "Disputa de lances (lotes 1, 3); Aberto para propostas (lote 2)",
    );
    expect(currentPhase([])).toBeNull();
  });

  it("sets the session minutes apart from the notice's files", () => {
    const { files, minutes } = splitDocuments([
      doc("a", "AUCTION_NOTICE"),
      doc("m", "SESSION_MINUTES"),
      doc("o", "OTHER"),
    ]);
    expect(files.map((d) => d.id)).toEqual(["a", "o"]);
    expect(minutes.map((d) => d.id)).toEqual(["m"]);
  });

  it("writes file sizes as people read them", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(4300)).toBe("4 KB");
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2,5 MB");
  });
});
