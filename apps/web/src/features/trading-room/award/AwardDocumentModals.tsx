import { AWARD_EVENTS, anonymousBidderName } from "@certame/domain";
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { AppModal } from "../../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { fetchQualificationDocuments } from "../../initial-bids/api";
import { DocumentSelectModal } from "../../initial-bids/DocumentSelectModal";
import type { LibraryDocument } from "../../initial-bids/types";
import { roomErrorMessage } from "../live/useTradingRoom";
import { RoomFileUploadModal } from "../modal/RoomFileUploadModal";
import { type RequestAction, useRoomAction } from "../modal/useRoomAction";
import type { RoomLot } from "../types";
import {
  type AwardDocument,
  associateQualificationDocuments,
  attachProcessFile,
  attachProofPayment,
  attachReadjustedProposal,
  fetchAwardDocuments,
} from "./award-api";
import { AWARD_TEXTS } from "./award-model";

// The winner's documents modals (trading-room §2.6, §5, §8): the readjusted proposal and proof of
// payment, the qualification documents (the library's, or a new upload), the process file, and the
// buyer side's view of them. Files go through /api/upload and the app/supplier/* calls, whose commit
// pushes the live event; the broadcast_* event only confirms the lot (§7).

export interface AwardLotModalProps {
  noticeId: string;
  lot: RoomLot;
  request: RequestAction;
  onClose: () => void;
}

/** The required file field of the award modals ('Selecione o arquivo.' once confirm was tried). */
const requiredFile = (value: File | null, onChange: (file: File | null) => void, touched: boolean) => ({
  label: AWARD_TEXTS.file,
  placeholder: AWARD_TEXTS.filePlaceholder,
  required: true,
  value,
  onChange,
  error: touched && !value ? AWARD_TEXTS.fileRequired : null,
});

/** The two one-file sendings of the winner (§5 "Proof of payment / readjusted proposal: one file required"). */
const SENDINGS = {
  READJUSTED_PROPOSAL: {
    title: AWARD_TEXTS.readjustedProposal,
    oneFile: AWARD_TEXTS.oneFile,
    done: AWARD_TEXTS.readjustedAttached,
    call: attachReadjustedProposal,
    broadcast: AWARD_EVENTS.broadcastReadjustedProposalAttached,
  },
  ELECTRONIC_AUCTION_PAYMENT: {
    title: AWARD_TEXTS.proofPayment,
    oneFile: AWARD_TEXTS.proofPaymentOneFile,
    done: AWARD_TEXTS.proofPaymentAttached,
    call: attachProofPayment,
    broadcast: AWARD_EVENTS.broadcastProofPaymentAttached,
  },
} as const;

export interface FileSendingModalProps extends AwardLotModalProps {
  kind: keyof typeof SENDINGS;
}

/**
 * 'Anexar proposta readequada e outros documentos' and 'Anexar comprovante de pagamento' (§2.6, §5:
 * one file required; a new one replaces the one in force, which is named).
 */
export function FileSendingModal({ kind, noticeId, lot, request, onClose }: FileSendingModalProps) {
  const sending = SENDINGS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction();
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    fetchAwardDocuments(noticeId, lot.id)
      .then((docs) => {
        const own = docs.filter((d) => d.kind === kind);
        if (active) setCurrent(own.map((d) => d.name).join(", ") || null);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [noticeId, lot.id, kind]);

  const confirm = () => {
    setTouched(true);
    if (!file) return;
    void action.run(async () => {
      const uploaded = await action.upload(file);
      if (!uploaded) return;
      const answer = await action.call(
        () => sending.call({ documents: [uploaded], auctionNoticeId: noticeId, batchId: lot.id }),
        AWARD_TEXTS.error,
      );
      if (!answer) return;
      notifySuccess(answer.value?.message || sending.done);
      void request(sending.broadcast, { batchId: lot.id });
      onClose();
    });
  };

  return (
    <RoomFileUploadModal
      title={sending.title}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      file={requiredFile(file, setFile, touched)}
    >
      <Text size="sm" fw={600}>
        Lote/item {lot.number}
      </Text>
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {current ?? AWARD_TEXTS.noFiles}
      </Alert>
      <Text size="sm">{sending.oneFile}</Text>
    </RoomFileUploadModal>
  );
}

export interface AwardDocumentsModalProps {
  noticeId: string;
  lot: RoomLot;
  title: string;
  /** Only these kinds (the proofs of payment); all the winner's documents otherwise. */
  kinds?: readonly string[];
  errorTitle: string;
  onClose: () => void;
}

/** The buyer side's view of the winner's documents of the lot (app/award/documents), each with 'Visualizar'. */
export function AwardDocumentsModal({
  noticeId,
  lot,
  title,
  kinds,
  errorTitle,
  onClose,
}: AwardDocumentsModalProps) {
  const [documents, setDocuments] = useState<AwardDocument[] | null>(null);
  useEffect(() => {
    let active = true;
    fetchAwardDocuments(noticeId, lot.id)
      .then((docs) => active && setDocuments(kinds ? docs.filter((d) => kinds.includes(d.kind)) : docs))
      .catch((e) => {
        if (!active) return;
        setDocuments([]);
        notifyError(errorTitle, roomErrorMessage(e));
      });
    return () => {
      active = false;
    };
  }, [noticeId, lot.id, kinds, errorTitle]);
  return (
    <AppModal opened onClose={onClose} title={title} size="lg">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          Lote/item {lot.number}
        </Text>
        {documents === null ? (
          <Loader role="progressbar" aria-label="Carregando" />
        ) : documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {AWARD_TEXTS.noFiles}
          </Text>
        ) : (
          documents.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {[
                  AWARD_TEXTS.kindLabels[d.kind] ?? d.kind,
                  d.anonymousSupplierIdentificationNumber != null
                    ? anonymousBidderName(d.anonymousSupplierIdentificationNumber)
                    : null,
                  d.name,
                ]
                  .filter(Boolean)
                  .join(" - ")}
              </Text>
              <Anchor href={d.url} target="_blank" rel="noopener noreferrer" size="sm">
                {AWARD_TEXTS.view}
              </Anchor>
            </Group>
          ))
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Fechar
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * 'Anexar documentos de habilitação' (§2.6 qualification-document selection): the library's documents
 * (the notice's required kinds plus OTHER) in the initial-bids selection modal — period filter,
 * sorting, grouping by kind, 'Visualizar', 'Anexar novo documento' (filed as OTHER and selected) —
 * with those already sent for the lot preselected.
 */
export function QualificationDocumentsModal({ noticeId, lot, request, onClose }: AwardLotModalProps) {
  const [loaded, setLoaded] = useState<{ documents: LibraryDocument[]; sent: string[] } | null>(null);
  const action = useRoomAction();
  // The panel re-renders every second: the load runs once per lot, not on each new onClose.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    let active = true;
    Promise.all([
      fetchQualificationDocuments(noticeId),
      fetchAwardDocuments(noticeId, lot.id).catch(() => []),
    ])
      .then(([library, sent]) => {
        if (!active) return;
        setLoaded({
          documents: library,
          sent: sent.filter((d) => d.kind === "QUALIFICATION_DOCUMENT").map((d) => d.supplierDocumentId),
        });
      })
      .catch((e) => {
        if (!active) return;
        notifyError(AWARD_TEXTS.error, roomErrorMessage(e) || AWARD_TEXTS.loadError);
        closeRef.current();
      });
    return () => {
      active = false;
    };
  }, [noticeId, lot.id]);

  const confirm = (ids: string[]) => {
    if (ids.length === 0) return;
    void action.run(async () => {
      const answer = await action.call(
        () =>
          associateQualificationDocuments({
            documents: ids.map((id) => ({ id })),
            auctionNoticeId: noticeId,
            batchId: lot.id,
          }),
        AWARD_TEXTS.error,
      );
      if (!answer) return;
      notifySuccess(answer.value?.message || AWARD_TEXTS.qualificationAttached);
      void request(AWARD_EVENTS.broadcastQualificationDocumentAttached, {
        batchId: lot.id,
        canSandMessage: answer.value?.changed !== false,
      });
      onClose();
    });
  };

  if (!loaded) return null;
  return (
    <DocumentSelectModal
      opened
      title={AWARD_TEXTS.qualificationDocuments}
      documents={loaded.documents}
      selected={loaded.sent}
      withPeriodFilter
      uploadKind="OTHER"
      onUploaded={(doc) =>
        setLoaded((prev) => (prev ? { ...prev, documents: [...prev.documents, doc] } : prev))
      }
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

/** 'Anexar arquivo ao Processo' (§5: file required; description optional). */
export function ProcessFileModal({ noticeId, onClose }: { noticeId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState("");
  const [touched, setTouched] = useState(false);
  const action = useRoomAction();
  const confirm = () => {
    setTouched(true);
    if (!file) return;
    void action.run(async () => {
      const uploaded = await action.upload(file);
      if (!uploaded) return;
      const answer = await action.call(
        () =>
          attachProcessFile({
            fileName: uploaded.url,
            name: uploaded.name,
            auctionNoticeId: noticeId,
            description: description.trim(),
          }),
        AWARD_TEXTS.error,
      );
      if (!answer) return;
      notifySuccess(answer.value?.message || AWARD_TEXTS.processFileAttached);
      onClose();
    });
  };
  return (
    <RoomFileUploadModal
      title={AWARD_TEXTS.attachProcessFile}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      // §5: the process file is a PDF (no placeholder naming the other types).
      file={{ ...requiredFile(file, setFile, touched), placeholder: undefined, accept: ".pdf" }}
      below={
        <TextInput
          label={AWARD_TEXTS.description}
          value={description}
          maxLength={400}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
      }
    >
      <Text size="sm">{AWARD_TEXTS.processFileHint}</Text>
    </RoomFileUploadModal>
  );
}
