import { anonymousBidderName } from "@certame/domain";
import { ActionIcon, Button, Tooltip } from "@mantine/core";
import { IconCertificate, IconClipboardText, IconFileText } from "@tabler/icons-react";
import { type ReactNode, useCallback, useState } from "react";
import { saveFile } from "../../../api/files";
import { DownloadFilesModal } from "../../published-notices/DownloadFilesModal";
import { criterionOf, type RoomState, selectedLot } from "../live/room-state";
import { useRoomAction } from "../modal/useRoomAction";
import { allowed } from "../room-permissions";
import type { BidView } from "../types";
import { CertificatesModal } from "./CertificatesModal";
import { ROOM_DOCUMENT_TEXTS, ROOM_DOCUMENT_TITLES, RoomDocumentsModal } from "./RoomDocumentsModal";
import { downloadClassificationSheet, type RoomDocumentModalKind } from "./room-documents-api";

/** §2.4 button texts, verbatim. */
export const DOCUMENT_BUTTON_TEXTS = {
  datasheet: "Ficha Técnica",
  proposals: "Propostas",
  technicalProposals: "Propostas Técnicas",
  qualification: "Documentos de Habilitação",
  classificationSheet: "Baixar planilha de classificação",
  certificates: "Certidões",
  processFiles: "Baixar arquivos",
} as const;

/** A bid table column (the shape BidTable draws). */
export interface DocumentColumn {
  key: string;
  header: string;
  width?: number;
  cell: (b: BidView) => ReactNode;
}

interface OpenModal {
  kind: RoomDocumentModalKind;
  anonymousSupplierIdentificationNumber: number | null;
}

const isSupplierRole = (role: RoomState["role"]) =>
  role === "ENABLED_SUPPLIER" || role === "DISABLED_SUPPLIER";

/**
 * The document controls of the bid table (trading-room §2.4): the 'Ficha Técnica', 'Propostas',
 * 'Propostas Técnicas', 'Baixar planilha de classificação' and 'Certidões' buttons, the icon columns
 * Propostas / Propostas Técnicas (TECHNIQUE_AND_PRICE) / Documentos de Habilitação, and their modals.
 * Shown by the §6 matrix the server enforces; a supplier's own row always opens its own documents.
 */
export function useRoomDocuments(state: RoomState, now: Date) {
  const [open, setOpen] = useState<OpenModal | null>(null);
  const [certificates, setCertificates] = useState(false);
  const [processFiles, setProcessFiles] = useState(false);
  const sheet = useRoomAction();
  const close = useCallback(() => setOpen(null), []);
  const notice = state.notice;
  const lot = selectedLot(state);
  if (!notice || !lot) return { buttons: null, columns: [] as DocumentColumn[], modals: null };

  const can = {
    QUALIFICATION:
      allowed(state, "SHOW_QUALIFICATION_DOCUMENT_OLD_MODALITIES", now) ||
      allowed(state, "SHOW_QUALIFICATION_DOCUMENT_NEW_MODALITIES", now),
    DATASHEET:
      allowed(state, "SHOW_DATASHEET", now) &&
      Boolean(
        (notice as { isTechnicalDataSheetAttachmentRequired?: boolean | number })
          .isTechnicalDataSheetAttachmentRequired,
      ),
    PROPOSAL: allowed(state, "SHOW_PROPOSAL_DOCUMENT", now),
    TECHNICAL_PROPOSAL: allowed(state, "SHOW_TECHNICAL_PROPOSAL_DOCUMENT", now),
  } satisfies Record<RoomDocumentModalKind, boolean>;
  const supplier = isSupplierRole(state.role);
  const technique = criterionOf(notice) === "TECHNIQUE_AND_PRICE";

  const button = (kind: RoomDocumentModalKind, text: string) =>
    can[kind] && (
      <Button
        key={kind}
        size="xs"
        variant="default"
        onClick={() => setOpen({ kind, anonymousSupplierIdentificationNumber: null })}
      >
        {text}
      </Button>
    );

  const downloadSheet = () =>
    sheet.run(async () => {
      const file = await sheet.call(
        () => downloadClassificationSheet(notice.id),
        ROOM_DOCUMENT_TEXTS.errorTitle,
      );
      if (file) saveFile(file.value);
    });

  const buttons = (
    <>
      {button("DATASHEET", DOCUMENT_BUTTON_TEXTS.datasheet)}
      {button("PROPOSAL", DOCUMENT_BUTTON_TEXTS.proposals)}
      {button("TECHNICAL_PROPOSAL", DOCUMENT_BUTTON_TEXTS.technicalProposals)}
      {allowed(state, "SHOW_CLASSIFICATION_SHEET_DOWNLOAD", now) && (
        <Button size="xs" variant="default" loading={sheet.busy} onClick={downloadSheet}>
          {DOCUMENT_BUTTON_TEXTS.classificationSheet}
        </Button>
      )}
      {allowed(state, "SHOW_CERTIFICATES", now) && (
        <Button size="xs" variant="default" onClick={() => setCertificates(true)}>
          {DOCUMENT_BUTTON_TEXTS.certificates}
        </Button>
      )}
      {/* The process's public files (notice, annexes, the session minutes): the same selection modal
          as the published-notice cards (notices-and-accounts §2.16), open to every room user. */}
      <Button size="xs" variant="default" onClick={() => setProcessFiles(true)}>
        {DOCUMENT_BUTTON_TEXTS.processFiles}
      </Button>
    </>
  );

  const iconColumn = (kind: RoomDocumentModalKind, header: string, icon: ReactNode): DocumentColumn => ({
    key: `documents-${kind}`,
    header,
    width: 96,
    cell: (b) => {
      const n = b.anonymousSupplierIdentificationNumber;
      if (n === null || !(can[kind] || b.isOwn)) return "-";
      const label = `${ROOM_DOCUMENT_TITLES[kind]}: ${b.nameToScreen ?? anonymousBidderName(n)}`;
      return (
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={label}
            onClick={(e) => {
              // The row itself selects the bid; the icon only opens the documents.
              e.stopPropagation();
              setOpen({ kind, anonymousSupplierIdentificationNumber: n });
            }}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      );
    },
  });
  const columns: DocumentColumn[] = [
    ...(can.PROPOSAL || supplier
      ? [iconColumn("PROPOSAL", DOCUMENT_BUTTON_TEXTS.proposals, <IconFileText size={16} />)]
      : []),
    ...(technique && (can.TECHNICAL_PROPOSAL || supplier)
      ? [
          iconColumn(
            "TECHNICAL_PROPOSAL",
            DOCUMENT_BUTTON_TEXTS.technicalProposals,
            <IconClipboardText size={16} />,
          ),
        ]
      : []),
    ...(can.QUALIFICATION || supplier
      ? [iconColumn("QUALIFICATION", DOCUMENT_BUTTON_TEXTS.qualification, <IconCertificate size={16} />)]
      : []),
  ];

  const modals = (
    <>
      {open && (
        <RoomDocumentsModal
          key={`${open.kind}-${lot.id}-${open.anonymousSupplierIdentificationNumber ?? "all"}`}
          kind={open.kind}
          scope={{
            auctionNoticeId: notice.id,
            batchId: lot.id,
            anonymousSupplierIdentificationNumber: open.anonymousSupplierIdentificationNumber,
          }}
          onClose={close}
        />
      )}
      {certificates && <CertificatesModal onClose={() => setCertificates(false)} />}
      {processFiles && (
        <DownloadFilesModal
          notice={{ id: notice.id, noticeNumber: notice.noticeNumber ?? "" }}
          prefix="public"
          onClose={() => setProcessFiles(false)}
        />
      )}
    </>
  );

  return { buttons, columns, modals };
}
