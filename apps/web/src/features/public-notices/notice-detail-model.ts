import { LOT_PHASE_LABELS, type LotPhase } from "@certame/domain";

/** A lot row of the public read (one item of a lot); a secret reference price comes as null. */
export interface NoticeBatch {
  id: string;
  number: number;
  item: number;
  quantity: number;
  referencePrice: number | null;
  totalAmount: number | null;
  decimalsNumber: number;
  phase: string;
  batchItemParticipation?: string | null;
  product: { id: string; name: string; technicalDescription?: string | null } | null;
  measurementUnit: { code: string; name?: string | null } | null;
}

export interface NoticeDocument {
  id: string;
  kind: string;
  label: string | null;
  description: string | null;
  name: string;
  url: string;
  mimeType: string;
  size: number;
  createdDate: string | null;
}

export interface LotGroup {
  number: number;
  phase: string;
  phaseLabel: string;
  items: NoticeBatch[];
}

export const lotPhaseLabel = (phase: string) => LOT_PHASE_LABELS[phase as LotPhase] ?? phase;

/** The lots of a notice with their items, both in number order. */
export function groupLots(batches: readonly NoticeBatch[]): LotGroup[] {
  const byNumber = new Map<number, NoticeBatch[]>();
  for (const b of batches) byNumber.set(b.number, [...(byNumber.get(b.number) ?? []), b]);
  return [...byNumber.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, items]) => {
      const sorted = [...items].sort((a, b) => a.item - b.item);
      const phase = sorted[0]?.phase ?? "NOT_STARTED";
      return { number, phase, phaseLabel: lotPhaseLabel(phase), items: sorted };
    });
}

/**
 * The notice's current phase as its lots show it: the one phase they share, or each distinct
 * phase with its lots ("Aberto para propostas (lotes 1, 2); Disputa (lote 3)"); null without lots.
 */
export function currentPhase(lots: readonly LotGroup[]): string | null {
  if (lots.length === 0) return null;
  const phases = new Map<string, number[]>();
  for (const lot of lots) phases.set(lot.phaseLabel, [...(phases.get(lot.phaseLabel) ?? []), lot.number]);
  if (phases.size === 1) return lots[0]?.phaseLabel ?? null;
  return [...phases.entries()]
    .map(([label, numbers]) => `${label} (${numbers.length > 1 ? "lotes" : "lote"} ${numbers.join(", ")})`)
    .join("; ");
}

/** The notice's own files and the session minutes (the platform's record, shown apart once published). */
export function splitDocuments(documents: readonly NoticeDocument[]) {
  return {
    files: documents.filter((d) => d.kind !== "SESSION_MINUTES"),
    minutes: documents.filter((d) => d.kind === "SESSION_MINUTES"),
  };
}

/** A file size as people read it: 'x KB' / 'x,y MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} MB`;
}
