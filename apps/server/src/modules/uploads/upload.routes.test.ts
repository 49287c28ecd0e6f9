import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { storedFiles } from "../../db/schema";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login("fornecedor1@demo.com.br");
});
afterAll(() => t.close());

const BOUNDARY = "----certame-test-boundary";
function multipart(filename: string, content: Buffer, contentType = "application/pdf") {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const upload = (filename: string, content: Buffer, auth = token, contentType?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/upload",
    payload: multipart(filename, content, contentType),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${auth}` },
  });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(512, 1)]);
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const ERROR_TEXT =
  "Verifique se o seu arquivo é válido e tente novamente: o tamanho máximo é 30 MB e os formatos aceitos são JPG, PNG e PDF.";

describe("upload (notices-and-accounts §7, §9 Documents)", () => {
  it("stores a real PDF on disk with its metadata and sha256", async () => {
    const res = await upload("edital.pdf", PDF);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ fileName: "edital.pdf", mimeType: "application/pdf", size: PDF.length });
    expect(body.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, body.id));
    expect(row?.sha256).toBe(body.sha256);
    expect(existsSync(path.join(t.dataDir, "files", row?.storageKey ?? "-"))).toBe(true);

    const back = await t.app.inject({
      method: "GET",
      url: body.url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect(back.headers["x-suggested-filename"]).toBe("edital.pdf");
  });

  it("accepts PNG by its bytes whatever the name", async () => {
    const res = await upload("foto.bin", PNG, token, "application/octet-stream");
    expect(res.statusCode).toBe(200);
    expect(res.json().mimeType).toBe("image/png");
  });

  it("refuses an executable renamed to .pdf (415) and keeps nothing", async () => {
    const before = (await t.db.select().from(storedFiles)).length;
    const res = await upload("proposta.pdf", EXE);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: ERROR_TEXT });
    expect((await t.db.select().from(storedFiles)).length).toBe(before);
  });

  it("refuses a 31 MB file (413)", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(31 * 1024 * 1024, 0x20)]);
    const res = await upload("grande.pdf", big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: ERROR_TEXT });
  });

  it("refuses anonymous uploads (401) and other users' downloads (404)", async () => {
    const anon = await t.app.inject({
      method: "POST",
      url: "/api/upload",
      payload: multipart("a.pdf", PDF),
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(anon.statusCode).toBe(401);
    const mine = (await upload("meu.pdf", PDF)).json();
    const other = await t.login("fornecedor2@demo.com.br");
    const res = await t.app.inject({
      method: "GET",
      url: mine.url,
      headers: { authorization: `Bearer ${other}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it("refuses a JSON body where a file is expected (415)", async () => {
    const res = await t.post("/api/upload", { file: "x" }, token);
    expect(res.statusCode).toBe(415);
  });
});
