// The buyer's reports (notices-and-accounts §2.16, §7 app/auction/accessReportDownload and
// app/auction/minuteAndContractControlReport; issue 19 item 4) over HTTP, real WebSockets and
// PostgreSQL: each signed-in entry in the room is recorded, the access report lists them (bidders by
// number while confidential), the control report lists the body's awards and their instruments.

import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../../../test/pdf-text";
import {
  closeParties,
  openParties,
  type Party,
  ROOM,
  type RoomParty,
  roomLots,
} from "../../../test/room-session";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { auctionBatches, bids, roomEntries, suppliers } from "../../db/schema";
import { DEMO_IDS } from "../../demo/demo-data";
import { NOTICE_NOT_FOUND } from "../notices/notice.policy";
import { OTHER_BODY_REPORT_MESSAGE } from "./buyer-reports.service";

let t: TestApp;
let p: Record<Party, RoomParty>;
let lots: Record<number, string>;
let auctioneer: string;

beforeAll(async () => {
  t = await createTestApp();
  const url = await t.listen();
  p = await openParties(t, url);
  lots = await roomLots(t);
  auctioneer = await t.login("pregoeiro@demo.gov.br");
});
afterAll(async () => {
  await closeParties(p);
  await t.close();
});

const accessReport = (auctionNoticeId: string, token = auctioneer) =>
  t.post("/api/app/auction/accessReportDownload", { auctionNoticeId }, token);

describe("the access report", () => {
  it("records one entry per signed-in registration, with the room role", async () => {
    const rows = await t.db.select().from(roomEntries).where(eq(roomEntries.auctionNoticeId, ROOM));
    // The five demo parties registered once each; the citizen too (signed in).
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.role).sort()).toEqual(
      ["AUCTIONEER", "ENABLED_SUPPLIER", "ENABLED_SUPPLIER", "ENABLED_SUPPLIER", "REGULAR_CITIZEN"].sort(),
    );
    expect(rows.filter((r) => r.supplierId !== null)).toHaveLength(3);
  });

  it("is a PDF of who entered and when; while the lots are confidential, bidders only by number", async () => {
    const res = await accessReport(ROOM);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
      "Relatório de acesso - PE 08-2026.pdf",
    );
    const text = pdfText(res.rawPayload);
    expect(text).toContain("ENTRADAS (5)");
    expect(text).toContain("Preg./Ag. Contrat.");
    expect(text).toContain("Cidadão");
    const n = (who: Party) => p[who].state.anonymousSupplierIdentificationNumber as number;
    for (const who of ["supplier1", "supplier2", "supplier3"] as const)
      expect(text).toContain(`Licitante ${n(who)}`);
    for (const s of await t.db.select().from(suppliers)) {
      expect(text).not.toContain(s.corporateName ?? "§");
      expect(text).not.toContain(s.documentNumber);
    }
  });

  it("names the bidders' companies once no lot is confidential", async () => {
    for (const id of Object.values(lots))
      await t.db.update(auctionBatches).set({ phase: "CLOSING" }).where(eq(auctionBatches.id, id));
    const text = pdfText((await accessReport(ROOM)).rawPayload);
    const [s1] = await t.db.select().from(suppliers).where(eq(suppliers.email, "fornecedor1@demo.com.br"));
    expect(text).toContain(s1?.corporateName as string);
  });

  it("is refused for another body's process (403), another body's draft (404) and a bad id (400)", async () => {
    const other = await t.login("compras@vilanova.demo.gov.br");
    const refused = await accessReport(ROOM, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: OTHER_BODY_REPORT_MESSAGE });
    const draft = await accessReport(DEMO_IDS.noticeDraft, other);
    expect(draft.statusCode).toBe(404);
    expect(draft.json()).toEqual({ message: NOTICE_NOT_FOUND });
    const bad = await accessReport("123");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().properties[0].property).toBe("auctionNoticeId");
    const supplier = await t.login("fornecedor1@demo.com.br");
    expect((await accessReport(ROOM, supplier)).statusCode).toBe(403);
  });
});

describe("the minute-and-contract control report", () => {
  it("lists the body's processes, each adjudicated winner and the instrument to formalize (xlsx)", async () => {
    const [best] = await t.db
      .select({ supplierId: bids.supplierId, unitPrice: bids.unitPrice })
      .from(bids)
      .where(eq(bids.batchId, lots[1] as string))
      .orderBy(bids.unitPrice)
      .limit(1);
    await t.db
      .update(auctionBatches)
      .set({ phase: "HOMOLOGATION", negotiatingSupplierId: best?.supplierId })
      .where(eq(auctionBatches.id, lots[1] as string));
    const res = await t.post("/api/app/auction/minuteAndContractControlReport", {}, auctioneer);
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers["x-suggested-filename"]))).toBe(
      "Controle de atas e contratos.xlsx",
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Atas e contratos") as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 3)).toEqual(["Edital/Aviso nº", "Processo nº", "Modalidade"]);
    const [winner] = await t.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.id, best?.supplierId as string));
    const award = rows.find((r) => r[0] === "PE 08/2026" && r[6] === "Lote 1");
    expect(award?.[7]).toBe(winner?.corporateName);
    expect(award?.[9]).toBe(((best?.unitPrice as number) / 100) * 2000);
    expect(award?.slice(10, 13)).toEqual(["Homologada", "Contrato", "A formalizar"]);
    // A process without award has its row too; another body's processes are not listed.
    expect(rows.some((r) => r[6] === "Sem adjudicação")).toBe(true);
    expect(rows.some((r) => r[0] === "PE 21/2026")).toBe(false);
    // No draft.
    expect(rows.some((r) => r[3] === "Pendente")).toBe(false);
  });
});
