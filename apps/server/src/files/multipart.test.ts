import { readdirSync, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotice } from "../../test/notice-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Every route that takes a file (issue 11, defects 3 and 4): a multipart without a boundary, a body
 * cut short or a client that stops sending is answered 4xx (or the connection closed), never a 500
 * or a hang, and leaves no file in storage and no row in the database. Add new upload routes here.
 */
const UPLOAD_ROUTES: { url: string; account: string; fields?: (notice: string) => Record<string, string> }[] =
  [
    { url: "/api/upload", account: "fornecedor1@demo.com.br" },
    {
      url: "/api/app/auction/documents/attach",
      account: "pregoeiro@demo.gov.br",
      fields: (id) => ({ auctionNoticeId: id, kind: "AUCTION_NOTICE", description: "Edital" }),
    },
    { url: "/api/app/aspec/import", account: "pregoeiro@demo.gov.br" },
    {
      url: "/api/app/auctionBatch/import",
      account: "pregoeiro@demo.gov.br",
      fields: (id) => ({ auctionNoticeId: id }),
    },
    { url: "/api/app/product/import", account: "pregoeiro@demo.gov.br" },
    {
      url: "/api/app/initialBids/import",
      account: "fornecedor1@demo.com.br",
      fields: (id) => ({ auctionNoticeId: id }),
    },
  ];

let t: TestApp;
let port: number;
let notice: string;
const tokens = new Map<string, string>();
// Resolves when the server has settled a request (answer written or attempted, the handler done).
let settledUrl: ((url: string) => void) | undefined;
const settled = (url: string) =>
  new Promise<void>((resolve) => {
    settledUrl = (u) => u === url && resolve();
  });

beforeAll(async () => {
  t = await createTestApp({ uploadIdleTimeoutMs: 300 });
  t.app.addHook("onSend", async (request, _reply, payload) => {
    settledUrl?.(request.url);
    return payload;
  });
  for (const account of new Set(UPLOAD_ROUTES.map((r) => r.account)))
    tokens.set(account, await t.login(account));
  notice = await createNotice(t, tokens.get("pregoeiro@demo.gov.br") as string);
  await t.listen();
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const BOUNDARY = "----certame-truncated";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

/** The form's fields, then the head of the `file` part and some bytes of it: no closing boundary. */
function openForm(fields: Record<string, string>) {
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(
      `${parts.join("")}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="edital.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
  ]);
}

/**
 * Sends a request head and `body` on a raw socket (inject always sends whole bodies), announcing
 * `contentLength` bytes; `end` half-closes the socket after the body. Resolves with the answer's
 * status and body, or a null status when the server closed the connection without one.
 */
function rawPost(url: string, token: string, body: Buffer, contentLength: number, end: boolean) {
  return new Promise<{ status: number | null; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const done = () => {
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received);
      resolve({
        status: status ? Number(status[1]) : null,
        body: received.slice(received.indexOf("\r\n\r\n") + 4),
      });
    };
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      // A whole answer (head and its declared body) is enough: the client may be the stalled one.
      const head = received.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(received);
      if (head >= 0 && length && received.length >= head + 4 + Number(length[1])) done();
    });
    socket.on("close", done);
    socket.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" ? done() : reject(error),
    );
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${contentLength}\r\n\r\n`,
    );
    socket.write(body);
    if (end) socket.end();
  });
}

/** Every file under the app's data folder (FileStorage root, its temporary folder included). */
async function storedFiles() {
  const entries = await readdir(t.dataDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The row count of every table. */
async function rowCounts() {
  const result = await t.db.execute(sql`
    select table_name as name,
      (xpath('/row/c/text()', query_to_xml(format('select count(*) as c from %I.%I', table_schema, table_name), false, true, '')))[1]::text as count
    from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  return Object.fromEntries(result.rows.map((r) => [r.name, r.count]));
}

/** Runs `send`, waits until the server has settled the request, and checks that it kept nothing. */
async function keepsNothing<R>(url: string, send: () => Promise<R>): Promise<R> {
  const [files, rows] = [await storedFiles(), await rowCounts()];
  const serverDone = settled(url);
  const answer = await send();
  await serverDone;
  expect(await storedFiles()).toEqual(files);
  expect(await rowCounts()).toEqual(rows);
  return answer;
}

const NAMES_THE_FILE = { properties: [{ property: "file" }] };

describe.each(UPLOAD_ROUTES)("uploads settle and keep nothing: $url", ({ url, account, fields }) => {
  const token = () => tokens.get(account) as string;
  const form = () => openForm(fields?.(notice) ?? {});

  it.each([
    ["no boundary", "multipart/form-data"],
    ["an empty boundary", "multipart/form-data; boundary="],
    ["a boundary too long for the parser", `multipart/form-data; boundary=${"b".repeat(300)}`],
  ])("answers 400 naming the file to a multipart with %s", async (_, contentType) => {
    const res = await keepsNothing(url, () =>
      t.app.inject({
        method: "POST",
        url,
        payload: form(),
        headers: { "content-type": contentType, authorization: `Bearer ${token()}` },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(NAMES_THE_FILE);
  });

  it("answers 400 to a body that ends in the middle of the file part", async () => {
    const body = form();
    const res = await keepsNothing(url, () => rawPost(url, token(), body, body.length, false));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject(NAMES_THE_FILE);
  });

  it("settles when the client ends the connection before the announced length", async () => {
    const body = form();
    const res = await keepsNothing(url, () => rawPost(url, token(), body, body.length + 10_000, true));
    // Answered 400 (by the server or its HTTP layer) or closed: the client has gone anyway.
    expect(res.status === null || res.status === 400).toBe(true);
  });

  it("answers 400 when the client stops sending (idle timeout)", async () => {
    const body = form();
    const res = await keepsNothing(url, () => rawPost(url, token(), body, body.length + 10_000, false));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject(NAMES_THE_FILE);
  });
});

describe("one way to receive a file", () => {
  it("bounds the time a whole request body may take to arrive (Fastify sets no limit)", () => {
    expect(t.app.server.requestTimeout).toBe(300_000);
  });

  const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
    });

  it("no source but files/multipart.ts reads multipart parts itself (routes call receiveUpload)", () => {
    const offenders = sources(SRC).flatMap((file) => {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      if (relative === "files/multipart.ts") return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /\.(parts|file|files|saveRequestFiles)\(\s*(\{|\))/.test(line)
            ? [`${relative}:${i + 1}: ${line.trim()}`]
            : [],
        );
    });
    expect(offenders).toEqual([]);
  });
});
