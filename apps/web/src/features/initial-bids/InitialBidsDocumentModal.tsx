import { INITIAL_BIDS_TEXTS } from "@certame/domain";
import { DocumentSelectModal } from "./DocumentSelectModal";
import { DATA_SHEET_WARNING, PROPOSAL_FILE_TITLE, QUALIFICATION_WARNING } from "./texts";
import type { LibraryDocument } from "./types";

const T = INITIAL_BIDS_TEXTS;
const PROCESS_KINDS = [
  "TECHNICAL_DATA_SHEET",
  "INITIAL_PROPOSAL",
  "TECHNICAL_PROPOSAL",
  "PROPOSAL_GUARANTEE",
];
export type DocSlot = "qualification" | "dataSheet" | "initialProposal" | "guarantee" | "technical";
const SLOT_KIND: Record<Exclude<DocSlot, "qualification">, string> = {
  dataSheet: "TECHNICAL_DATA_SHEET",
  initialProposal: "INITIAL_PROPOSAL",
  guarantee: "PROPOSAL_GUARANTEE",
  technical: "TECHNICAL_PROPOSAL",
};

const SLOTS: Record<DocSlot, { title: string; warning?: string; single?: boolean; kind: string }> = {
  qualification: { title: T.qualificationTitle, warning: QUALIFICATION_WARNING, kind: "OTHER" },
  dataSheet: {
    title: T.dataSheetTitle,
    warning: DATA_SHEET_WARNING,
    single: true,
    kind: "TECHNICAL_DATA_SHEET",
  },
  initialProposal: { title: PROPOSAL_FILE_TITLE.INITIAL_PROPOSAL, kind: "INITIAL_PROPOSAL" },
  guarantee: { title: PROPOSAL_FILE_TITLE.PROPOSAL_GUARANTEE, kind: "PROPOSAL_GUARANTEE" },
  technical: { title: PROPOSAL_FILE_TITLE.TECHNICAL_PROPOSAL, kind: "TECHNICAL_PROPOSAL" },
};

export interface InitialBidsDocumentModalProps {
  slot: DocSlot;
  /** The supplier's library and the process documents already sent. */
  library: LibraryDocument[];
  /** The qualification kinds the notice requires (empty: any kind). */
  required: readonly string[];
  selected: string[];
  onUploaded: (doc: LibraryDocument) => void;
  onConfirm: (ids: string[]) => void;
  onClose: () => void;
}

/** The document selection of one attach button (trading-room §2.8): the library's documents of its kind. */
export function InitialBidsDocumentModal({
  slot,
  library,
  required,
  selected,
  onUploaded,
  onConfirm,
  onClose,
}: InitialBidsDocumentModalProps) {
  const documents =
    slot === "qualification"
      ? library.filter(
          (d) =>
            !PROCESS_KINDS.includes(d.kind) &&
            (required.length === 0 || d.kind === "OTHER" || required.includes(d.kind)),
        )
      : library.filter((d) => d.kind === SLOT_KIND[slot]);
  const props = SLOTS[slot];
  return (
    <DocumentSelectModal
      opened
      title={props.title}
      warning={props.warning}
      single={props.single}
      withPeriodFilter={slot === "qualification"}
      documents={documents}
      selected={selected}
      uploadKind={props.kind}
      onUploaded={onUploaded}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
