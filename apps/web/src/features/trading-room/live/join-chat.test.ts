import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/client";
import { mockApi } from "../../../test/fetch-mock";
import { joinChatChannels } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("joinChatChannels", () => {
  it("treats 409 (already in every channel) as success", async () => {
    mockApi({
      "POST /api/app/auction/joinChatChannel": () => ({
        status: 409,
        body: { message: "Você já participa do chat deste processo." },
      }),
    });
    await expect(joinChatChannels("n-1")).resolves.toEqual({ chatChannelsIds: [] });
  });

  it("returns the channels joined and passes other errors on", async () => {
    mockApi({ "POST /api/app/auction/joinChatChannel": () => ({ body: { chatChannelsIds: ["c-1"] } }) });
    await expect(joinChatChannels("n-1")).resolves.toEqual({ chatChannelsIds: ["c-1"] });
    mockApi({ "POST /api/app/auction/joinChatChannel": () => ({ status: 403, body: { message: "Não" } }) });
    await expect(joinChatChannels("n-1")).rejects.toBeInstanceOf(ApiError);
  });
});
