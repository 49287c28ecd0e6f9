import { notifications } from "@mantine/notifications";
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/client";
import { mockApi } from "../../../test/fetch-mock";
import { ROOM_UPLOAD_TEXTS, useRoomAction } from "./useRoomAction";

// The room modals' action hook (issue 17 item 5): one busy flag, the live request closing on
// ACKNOWLEDGED (trading-room §7), and the §8 error texts of HTTP calls and uploads.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

/** The notifications shown, as [colour, title, message]. */
function shown() {
  const show = vi.spyOn(notifications, "show");
  return () => show.mock.calls.map(([n]) => [n.color, n.title, n.message]);
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("useRoomAction", () => {
  it("is busy while run() works and ignores a second run meanwhile (no double send)", async () => {
    const { result } = renderHook(() => useRoomAction());
    const gate = deferred();
    const work = vi.fn(() => gate.promise);
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current.run(work);
    });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.run(work));
    expect(work).toHaveBeenCalledTimes(1);
    await act(async () => {
      gate.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
  });

  it("is no longer busy after the work failed", async () => {
    const { result } = renderHook(() => useRoomAction());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    });
    expect(result.current.busy).toBe(false);
  });

  it("send(): on ACKNOWLEDGED shows the done text and calls onDone", async () => {
    const request = vi.fn(async () => ({ ok: true as const, data: {} }));
    const onDone = vi.fn();
    const { result } = renderHook(() => useRoomAction({ request, onDone }));
    const notified = shown();
    let ok = false;
    await act(async () => {
      ok = await result.current.send("recreate_reports", { auctionNoticeId: "n-1" }, "Feito.");
    });
    expect(ok).toBe(true);
    expect(request).toHaveBeenCalledWith("recreate_reports", { auctionNoticeId: "n-1" });
    expect(notified()).toEqual([["teal", undefined, "Feito."]]);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it("send(): on ERROR (already shown by the room) stays open and shows nothing more", async () => {
    const request = vi.fn(async () => ({ ok: false as const, message: "Recusado." }));
    const onDone = vi.fn();
    const { result } = renderHook(() => useRoomAction({ request, onDone }));
    const notified = shown();
    let ok = true;
    await act(async () => {
      ok = await result.current.send("create_backlog_bid", {}, "Feito.");
    });
    expect(ok).toBe(false);
    expect(onDone).not.toHaveBeenCalled();
    expect(notified()).toEqual([]);
  });

  it("call(): the answer, or null with the title and the server's message", async () => {
    const { result } = renderHook(() => useRoomAction());
    const notified = shown();
    await expect(result.current.call(async () => 7, "Erro")).resolves.toEqual({ value: 7 });
    const failed = await result.current.call(async () => {
      throw new ApiError(409, "Prazo encerrado.");
    }, "Erro ao julgar recurso");
    expect(failed).toBeNull();
    expect(notified()).toEqual([["red", "Erro ao julgar recurso", "Prazo encerrado."]]);
  });

  it("upload(): the file's url and name, or null with §8 'Erro ao enviar'", async () => {
    const { calls } = mockApi({ "POST /api/upload": () => ({ body: { url: "/files/a.pdf", id: "f-1" } }) });
    const { result } = renderHook(() => useRoomAction());
    const notified = shown();
    const file = new File(["%PDF"], "a.pdf", { type: "application/pdf" });
    await expect(result.current.upload(file)).resolves.toEqual({ url: "/files/a.pdf", name: "a.pdf" });
    expect(calls.map((c) => c.path)).toEqual(["/api/upload"]);

    mockApi({ "POST /api/upload": () => ({ status: 400, body: { message: "Arquivo inválido." } }) });
    await expect(result.current.upload(file)).resolves.toBeNull();
    expect(notified()).toEqual([["red", ROOM_UPLOAD_TEXTS.error, ROOM_UPLOAD_TEXTS.errorText]]);
  });
});
