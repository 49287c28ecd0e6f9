import {
  formatBrasiliaDateTime,
  MODALITY_LABELS,
  type Modality,
  NOTICE_STATUS_LABELS,
  type NoticeStatus,
} from "@certame/domain";
import ExcelJS from "exceljs";

// The minute-and-contract control report (notices-and-accounts §2.16, §7
// app/auction/minuteAndContractControlReport): for each of the body's processes, each adjudicated
// winner and the instrument that follows it — a price-registration minute (ata de registro de
// preços, Lei 14.133/2021 arts. 82–86) for a price-registration process, else a contract (arts. 89–95)
// — with its value and validity, and whether the session minutes were filed. The platform signs
// neither: each instrument is 'A formalizar' (docs/decisions.md "Reports").

export interface ControlReportRow {
  noticeNumber: string;
  processNumber: string;
  modality: Modality;
  status: NoticeStatus;
  objectOfInterest: string;
  sessionMinutesAt: Date | null;
  /** The award's lot or item ('Lote 1'), null for a process without award yet. */
  award: {
    title: string;
    supplier: string;
    supplierDocument: string;
    amount: number | null;
    state: string;
  } | null;
  instrument: string;
  validityDays: number | null;
}

export const CONTROL_REPORT_FILE_NAME = "Controle de atas e contratos.xlsx";

const COLUMNS = [
  { header: "Edital/Aviso nº", width: 16 },
  { header: "Processo nº", width: 16 },
  { header: "Modalidade", width: 28 },
  { header: "Situação do processo", width: 20 },
  { header: "Objeto", width: 48 },
  { header: "Ata da sessão", width: 18 },
  { header: "Lote/Item", width: 16 },
  { header: "Fornecedor", width: 36 },
  { header: "CNPJ/CPF", width: 20 },
  { header: "Valor adjudicado (R$)", width: 20 },
  { header: "Adjudicação", width: 16 },
  { header: "Instrumento", width: 26 },
  { header: "Situação do instrumento", width: 22 },
  { header: "Vigência (dias)", width: 14 },
];

export async function renderControlReport(
  rows: readonly ControlReportRow[],
  issuedAt: Date,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Certame";
  workbook.created = issuedAt;
  const sheet = workbook.addWorksheet("Atas e contratos", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows) {
    const row = sheet.addRow([
      r.noticeNumber,
      r.processNumber,
      MODALITY_LABELS[r.modality] ?? r.modality,
      NOTICE_STATUS_LABELS[r.status] ?? r.status,
      r.objectOfInterest,
      r.sessionMinutesAt ? formatBrasiliaDateTime(r.sessionMinutesAt) : "Não gerada",
      r.award?.title ?? "Sem adjudicação",
      r.award?.supplier ?? "—",
      r.award?.supplierDocument ?? "—",
      r.award?.amount ?? null,
      r.award?.state ?? "—",
      r.award ? r.instrument : "—",
      r.award ? "A formalizar" : "—",
      r.award ? r.validityDays : null,
    ]);
    row.getCell(10).numFmt = "#,##0.00";
  }
  sheet.addRow([]);
  sheet.addRow([
    `Emitido pela plataforma Certame em ${formatBrasiliaDateTime(issuedAt)} (horário de Brasília).`,
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
