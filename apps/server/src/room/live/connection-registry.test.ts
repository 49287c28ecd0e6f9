import { describe, expect, it } from "vitest";
import type { Audience } from "../state/audience";
import { ConnectionRegistry, type LiveConnection, OPEN, sharedFrame } from "./connection-registry";

function socket(audience: Audience, supplierId: string | null = null) {
  const sent: string[] = [];
  const connection: LiveConnection = {
    socket: { readyState: OPEN, send: (d: string | Buffer) => sent.push(String(d)) },
    noticeId: "n1",
    member: null,
    viewer: { audience, supplierId },
    token: null,
    alive: true,
    pending: null,
  };
  return { connection, sent };
}

describe("ConnectionRegistry.fanOut (DESIGN §5: serialise once per audience)", () => {
  it("serialises one frame per audience and one for the supplier whose own view differs", () => {
    const registry = new ConnectionRegistry();
    const body = [socket("BODY"), socket("BODY"), socket("BODY")];
    const others = [socket("SUPPLIER", "s2"), socket("SUPPLIER", "s3"), socket("SUPPLIER", "s3")];
    const sender = [socket("SUPPLIER", "s1"), socket("SUPPLIER", "s1")];
    const citizens = [socket("CITIZEN"), socket("CITIZEN")];
    for (const s of [...body, ...others, ...sender, ...citizens]) registry.add(s.connection);
    const views: string[] = [];
    registry.fanOut(
      "n1",
      "NEW_MESSAGE",
      (viewer) => {
        views.push(`${viewer.audience}:${viewer.supplierId}`);
        return { own: viewer.supplierId !== null };
      },
      new Set(["s1"]),
    );
    expect(registry.serialisations).toBe(4);
    expect(views.sort()).toEqual(["BODY:null", "CITIZEN:null", "SUPPLIER:null", "SUPPLIER:s1"]);
    for (const s of sender)
      expect(s.sent).toEqual([JSON.stringify({ action: "NEW_MESSAGE", data: { own: true } })]);
    for (const s of [...body, ...others, ...citizens])
      expect(s.sent).toEqual([JSON.stringify({ action: "NEW_MESSAGE", data: { own: false } })]);
  });

  it("holds frames for a connection still being registered", () => {
    const registry = new ConnectionRegistry();
    const s = socket("BODY");
    s.connection.pending = [];
    registry.add(s.connection);
    registry.fanOut("n1", "CHANNEL_STATISTICS", () => ({}));
    expect(s.sent).toEqual([]);
    expect(s.connection.pending).toHaveLength(1);
  });
});

describe("sharedFrame (RFC 6455 §5.2: a final, unmasked text frame, built once per audience)", () => {
  it("carries the UTF-8 text after a 2-, 4- or 10-byte header by length", () => {
    for (const [length, header] of [
      [125, [0x81, 125]],
      [126, [0x81, 126, 0, 126]],
      [70_000, [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]],
    ] as const) {
      const json = "a".repeat(length);
      const f = sharedFrame(json);
      expect([...f.wire.subarray(0, header.length)]).toEqual(header);
      expect(f.wire.subarray(header.length).equals(f.text)).toBe(true);
      expect(f.text.toString()).toBe(json);
    }
    expect(sharedFrame('{"a":"é"}').text.length).toBe(10);
  });
});
