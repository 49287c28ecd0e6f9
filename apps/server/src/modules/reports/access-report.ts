import {
  formatBrasiliaDateTime,
  formatCnpj,
  MODALITY_LABELS,
  type Modality,
  ROOM_ROLE_DISPLAY_LABELS,
  type RoomRole,
} from "@certame/domain";
import { brasiliaStamp, createReport } from "../../files/pdf-layout";
import { safeFileName } from "../../http/send-file";

// The access report (notices-and-accounts §2.16, §7 app/auction/accessReportDownload): who entered the
// process's negotiation room and when, as the room recorded each signed-in entry (room_entries). The
// buyer's own record of the public session's attendance (Lei 14.133/2021 art. 17 §2º: the session is
// recorded), under the room's identity rule: while any lot is confidential a bidder is its number only.

export interface AccessReportEntry {
  at: Date;
  /** The person, or 'Licitante n' for a bidder while identities are confidential. */
  who: string;
  /** The room role's display label. */
  profile: string;
  /** The bidder's company (name and CNPJ), '—' for others or while confidential. */
  company: string;
}

export interface AccessReportData {
  notice: {
    noticeNumber: string;
    processNumber: string;
    modality: Modality;
    objectOfInterest: string;
    buyerName: string;
    buyerCnpj: string;
  };
  entries: AccessReportEntry[];
  confidential: boolean;
  issuedAt: Date;
}

/** The room's own label of the role (trading-room §6), and a plain one where the room shows none. */
export function accessProfileLabel(role: RoomRole): string {
  const shown = ROOM_ROLE_DISPLAY_LABELS[role];
  if (shown) return shown;
  if (role === "ENABLED_SUPPLIER" || role === "DISABLED_SUPPLIER") return "Licitante";
  if (role === "REGULAR_CITIZEN") return "Cidadão";
  return "Órgão comprador";
}

export const accessReportFileName = (noticeNumber: string) =>
  safeFileName(`Relatório de acesso - ${noticeNumber}.pdf`);

export function renderAccessReport(data: AccessReportData): Promise<Buffer> {
  const n = data.notice;
  const r = createReport({
    title: `Relatório de acesso — ${n.noticeNumber}`,
    subject: n.objectOfInterest.slice(0, 200),
    issuedAt: data.issuedAt,
  });
  r.heading(
    "Relatório de acesso à sala de negociação",
    `Entradas de usuários identificados na sala de negociação do processo abaixo, em ordem cronológica, emitido pela plataforma em ${brasiliaStamp(data.issuedAt)} (horário de Brasília).`,
  );
  r.section("Processo");
  r.field("Órgão", `${n.buyerName} (CNPJ ${formatCnpj(n.buyerCnpj)})`);
  r.field("Edital/Aviso nº", n.noticeNumber);
  r.field("Processo nº", n.processNumber);
  r.field("Modalidade", MODALITY_LABELS[n.modality] ?? n.modality);
  r.field("Objeto", n.objectOfInterest);

  r.section(`Entradas (${data.entries.length})`);
  if (data.confidential)
    r.paragraph(
      "Enquanto algum lote estiver em fase sigilosa, os licitantes aparecem apenas pelo seu número no processo.",
      9,
    );
  if (data.entries.length === 0) r.paragraph("Nenhuma entrada registrada na sala.");
  else
    r.table(
      [
        { title: "Data e hora", width: 95 },
        { title: "Usuário", width: 0 },
        { title: "Perfil na sala", width: 110 },
        { title: "Empresa", width: 150 },
      ],
      data.entries.map((e) => [formatBrasiliaDateTime(e.at), e.who, e.profile, e.company]),
    );
  return r.finish();
}
