import { describe, expect, it } from "vitest";
import { pageItems, totalPages } from "./pagination";

const show = (current: number, pages: number) =>
  pageItems(current, pages)
    .map((i) => (i.kind === "page" ? String(i.page) : `...${i.target}`))
    .join(" ");

describe("totalPages", () => {
  it("is ceil(total / limit) with a minimum of 1", () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(1, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(95, 20)).toBe(5);
  });

  it("survives a missing or zero limit", () => {
    expect(totalPages(50, 0)).toBe(1);
    expect(totalPages(Number.NaN, 10)).toBe(1);
  });
});

describe("pageItems", () => {
  it("shows the single page alone", () => {
    expect(show(1, 1)).toBe("1");
  });

  it("shows every page when there are 3 or fewer", () => {
    expect(show(1, 2)).toBe("1 2");
    expect(show(2, 3)).toBe("1 2 3");
  });

  it("keeps three numbers around the current page with jumps on both sides", () => {
    expect(show(5, 10)).toBe("...2 4 5 6 ...8");
  });

  it("anchors the window at the edges", () => {
    expect(show(1, 10)).toBe("1 2 3 ...4");
    expect(show(10, 10)).toBe("...7 8 9 10");
    expect(show(2, 10)).toBe("1 2 3 ...5");
    expect(show(9, 10)).toBe("...6 8 9 10");
  });

  it("clamps jumps to the first and last page", () => {
    expect(show(3, 5)).toBe("...1 2 3 4 ...5");
  });

  it("clamps a current page outside the range", () => {
    expect(show(40, 4)).toBe("...1 2 3 4");
  });
});
