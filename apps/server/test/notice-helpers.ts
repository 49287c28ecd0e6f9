import { inflateRawSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { auctionBatches, auctionNotices } from "../src/db/schema";
import { DEMO_IDS } from "../src/demo/demo-data";
import type { TestApp } from "./test-app";

const DAY = 86_400_000;
export const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

/** A complete NEW_ELECTRONIC_REVERSED_AUCTION payload of the demo body (pregoeiro@demo.gov.br). */
export function reversedAuctionPayload(overrides: Record<string, unknown> = {}) {
  return {
    modality: "NEW_ELECTRONIC_REVERSED_AUCTION",
    subModality: "GOODS_ACQUISITION",
    noticeNumber: "PE 40/2026",
    processNumber: "PA 4000/2026",
    objectOfInterest: "Aquisição de cadeiras ergonômicas.",
    purchaseYear: 2026,
    secretaryOffice: [{ id: DEMO_IDS.officeAdmin }],
    auctioneers: [{ id: DEMO_IDS.staffAuctioneer }],
    supportingStaff: [{ id: DEMO_IDS.staffSupport }],
    proposalsStartDateTime: inDays(1),
    proposalsEndDateTime: inDays(10),
    startDateTime: inDays(10, 1),
    ...overrides,
  };
}

export async function createNotice(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const res = await t.post("/api/app/auction/create", reversedAuctionPayload(overrides), token);
  if (res.statusCode !== 200) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Lots belong to another module's calls; the lifecycle tests put one in directly. */
export async function insertLot(t: TestApp, noticeId: string, number = 1, item = 1) {
  await t.db.insert(auctionBatches).values({
    auctionNoticeId: noticeId,
    number,
    item,
    quantity: "10",
    measurementUnitCode: "UN",
    referencePrice: 15_990,
    totalAmount: 159_900,
  });
}

export async function setNotice(t: TestApp, id: string, values: Partial<typeof auctionNotices.$inferInsert>) {
  await t.db.update(auctionNotices).set(values).where(eq(auctionNotices.id, id));
}

export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** A multipart body for app.inject: text fields, then one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const boundary = `----certame${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export async function postMultipart(
  t: TestApp,
  url: string,
  token: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

export async function attach(
  t: TestApp,
  token: string,
  noticeId: string,
  kind: "AUCTION_NOTICE" | "OTHER" = "AUCTION_NOTICE",
  file = { name: "edital.pdf", bytes: PDF_BYTES },
) {
  const res = await postMultipart(
    t,
    "/api/app/auction/documents/attach",
    token,
    { auctionNoticeId: noticeId, kind, description: "Edital completo" },
    file,
  );
  if (res.statusCode !== 200) throw new Error(`attach: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; url: string };
}

/** The entries of a zip (central directory), inflated: enough to check what a download holds. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("zip sem diretório central");
  const entries = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error("entrada inválida");
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString("utf8");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + compressed);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
