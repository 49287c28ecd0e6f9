import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { APP_TITLE, pageTitle, usePageTitle } from "./page-title";

describe("pageTitle", () => {
  it("joins the screen's parts, most specific first, and ends with the product's name", () => {
    expect(pageTitle(["Sala de negociação", "PE 08/2026"])).toBe("Sala de negociação — PE 08/2026 — Certame");
    expect(pageTitle("Editais publicados")).toBe("Editais publicados — Certame");
  });

  it("leaves out parts not loaded yet and blank ones", () => {
    expect(pageTitle(["Sala de negociação", undefined, null, false, "  "])).toBe(
      "Sala de negociação — Certame",
    );
    expect(pageTitle([])).toBe(APP_TITLE);
  });
});

describe("usePageTitle", () => {
  afterEach(() => {
    document.title = "";
  });

  it("names the tab, follows the parts as they load and gives the product's name back on leaving", () => {
    const { rerender, unmount } = renderHook(({ parts }) => usePageTitle(parts), {
      initialProps: { parts: ["Sala de negociação", undefined] as (string | undefined)[] },
    });
    expect(document.title).toBe("Sala de negociação — Certame");
    rerender({ parts: ["Sala de negociação", "PE 08/2026"] });
    expect(document.title).toBe("Sala de negociação — PE 08/2026 — Certame");
    unmount();
    expect(document.title).toBe("Certame");
  });
});
