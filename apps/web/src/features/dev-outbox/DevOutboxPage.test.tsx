import { describe, expect, it } from "vitest";
import { linkSegments } from "./DevOutboxPage";

describe("linkSegments (the dev outbox's clickable links)", () => {
  it("cuts a text into plain runs and links, keyed by their offsets", () => {
    const text = "Olá.\nConfirme: http://localhost:3000/confirmar-email?token=abc_-1 até amanhã.";
    const segments = linkSegments(text);
    expect(segments.map((s) => [s.link, s.text])).toEqual([
      [false, "Olá.\nConfirme: "],
      [true, "http://localhost:3000/confirmar-email?token=abc_-1"],
      [false, " até amanhã."],
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(new Set(segments.map((s) => s.at)).size).toBe(segments.length);
  });

  it("handles a text without links and one that is only a link", () => {
    expect(linkSegments("sem links")).toEqual([{ at: 0, text: "sem links", link: false }]);
    expect(linkSegments("https://x.y/z")).toEqual([{ at: 0, text: "https://x.y/z", link: true }]);
    expect(linkSegments("")).toEqual([]);
  });
});
