import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test/fetch-mock";
import { fetchMe } from "./api";
import { forgetSessionHint, mayHaveSession } from "./session-hint";

/** What the server's login leaves in the browser. */
function giveHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server's Set-Cookie.
  document.cookie = "certame_signed_in=1; path=/";
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("session hint (issue 12 item 13)", () => {
  it("reads the hint cookie among others", () => {
    expect(mayHaveSession("a=1; certame_signed_in=1; b=2")).toBe(true);
    expect(mayHaveSession("a=1; certame_signed_in=")).toBe(false);
    expect(mayHaveSession("")).toBe(false);
  });

  it("asks app/auth/me only when the hint is there", async () => {
    forgetSessionHint();
    const { calls } = mockApi({ "POST /api/app/auth/me": () => ({ status: 401, body: {} }) });
    expect(await fetchMe()).toBeNull();
    expect(calls).toEqual([]);
  });

  it("drops the hint when the server answers 401", async () => {
    giveHint();
    const { calls } = mockApi({ "POST /api/app/auth/me": () => ({ status: 401, body: { message: "x" } }) });
    expect(await fetchMe()).toBeNull();
    expect(calls).toHaveLength(1);
    expect(mayHaveSession()).toBe(false);
  });

  it("keeps the hint and returns the user of a live session", async () => {
    giveHint();
    mockApi({ "POST /api/app/auth/me": () => ({ body: { user: { id: "u", name: "Ana" } } }) });
    expect(await fetchMe()).toMatchObject({ id: "u" });
    expect(mayHaveSession()).toBe(true);
  });
});
