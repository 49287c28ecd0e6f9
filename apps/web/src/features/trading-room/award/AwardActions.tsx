import { formatBrasiliaDateTime } from "@certame/domain";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { MaskedInput } from "../../../ui/inputs/MaskedInput";
import { AppModal } from "../../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { fetchQualificationDocuments } from "../../initial-bids/api";
import { DocumentSelectModal } from "../../initial-bids/DocumentSelectModal";
import type { LibraryDocument } from "../../initial-bids/types";
import { headLots, type RoomState, selectedLot } from "../live/room-state";
import { roomErrorMessage } from "../live/useTradingRoom";
import { RoomFileUploadModal } from "../modal/RoomFileUploadModal";
import { RoomModalActions } from "../modal/RoomModalActions";
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
import {
  AWARD_TEXTS,
  type AwardButton,
  awardButtons,
  type DeadlineInput,
  deadlineErrors,
  deadlineOf,
  deadlinePayload,
  EMPTY_DEADLINE,
  qualifyingSmallBusinesses,
  wideLotChoices,
  winnerNumberOf,
} from "./award-model";
import { mayRespecify, RespecifyButton } from "./RespecifyButton";

// The winner's documents in the action panel (trading-room §2.3) and their modals (§2.6, §5, §8):
// the readjusted proposal, the qualification documents (the library's, or a new upload), and the
// officials' documents window. Files go through /api/upload and the app/supplier/* calls, whose
// commit pushes the live event; the broadcast_* event only confirms the lot (§7).

const PROOF_KINDS = ["ELECTRONIC_AUCTION_PAYMENT"] as const;

/** The required file field of the award modals ('Selecione o arquivo.' once confirm was tried). */
const requiredFile = (value: File | null, onChange: (file: File | null) => void, touched: boolean) => ({
  label: AWARD_TEXTS.file,
  placeholder: AWARD_TEXTS.filePlaceholder,
  required: true,
  value,
  onChange,
  error: touched && !value ? AWARD_TEXTS.fileRequired : null,
});

interface LotModalProps {
  noticeId: string;
  lot: RoomLot;
  request: RequestAction;
  onClose: () => void;
}

/** The two one-file sendings of the winner (§5 "Proof of payment / readjusted proposal: one file required"). */
const SENDINGS = {
  READJUSTED_PROPOSAL: {
    title: AWARD_TEXTS.readjustedProposal,
    oneFile: AWARD_TEXTS.oneFile,
    done: AWARD_TEXTS.readjustedAttached,
    call: attachReadjustedProposal,
    broadcast: "broadcast_readjusted_proposal_attached",
  },
  ELECTRONIC_AUCTION_PAYMENT: {
    title: AWARD_TEXTS.proofPayment,
    oneFile: AWARD_TEXTS.proofPaymentOneFile,
    done: AWARD_TEXTS.proofPaymentAttached,
    call: attachProofPayment,
    broadcast: "broadcast_proof_payment_attached",
  },
} as const;

export interface FileSendingModalProps extends LotModalProps {
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
                    ? `Licitante ${d.anonymousSupplierIdentificationNumber}`
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
export function QualificationDocumentsModal({ noticeId, lot, request, onClose }: LotModalProps) {
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
      void request("broadcast_qualification_document_attached", {
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

export interface DeadlineModalProps extends LotModalProps {
  title: string;
  extending: boolean;
}

/** The attaching-documents deadline (§5): hours (default 2, min 1) or a fixed date and time; the lot or all lots. */
export function DeadlineModal({ noticeId, lot, request, onClose, title, extending }: DeadlineModalProps) {
  const [input, setInput] = useState<DeadlineInput>(EMPTY_DEADLINE);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const errors = touched ? deadlineErrors(input) : {};
  const set = (patch: Partial<DeadlineInput>) => setInput((prev) => ({ ...prev, ...patch }));

  const confirm = () => {
    setTouched(true);
    if (Object.keys(deadlineErrors(input)).length > 0) return;
    void action.run(async () => {
      await action.send(
        "broadcast_configure_attaching_documents_date_time",
        deadlinePayload(noticeId, lot, input, extending),
      );
    });
  };

  return (
    <AppModal opened onClose={onClose} title={title} size="md">
      <Stack gap="md">
        <Text size="sm" fw={600}>
          {title} — Lote/item {lot.number}
        </Text>
        <Radio.Group
          label={AWARD_TEXTS.scope}
          value={input.allLots ? "ALL_BATCHES" : "SELECTED_BATCH"}
          onChange={(v) => set({ allLots: v === "ALL_BATCHES" })}
        >
          <Group mt="xs">
            <Radio value="SELECTED_BATCH" label={AWARD_TEXTS.selectedLot} />
            <Radio value="ALL_BATCHES" label={AWARD_TEXTS.allLots} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={AWARD_TEXTS.deadlineKind}
          required
          value={input.kind}
          onChange={(v) => set({ kind: v as "H" | "D" })}
        >
          <Group mt="xs">
            <Radio value="H" label={AWARD_TEXTS.hours} />
            <Radio value="D" label={AWARD_TEXTS.fixedDate} />
          </Group>
        </Radio.Group>
        {input.kind === "H" ? (
          <NumberInput
            label={AWARD_TEXTS.amountHour}
            min={1}
            allowDecimal={false}
            value={input.amountHour ?? ""}
            onChange={(v) => set({ amountHour: v })}
            error={errors.amountHour}
          />
        ) : (
          <Group grow align="flex-start">
            <MaskedInput
              mask="date"
              label={AWARD_TEXTS.deadlineDate}
              required
              value={input.date}
              onChange={(v) => set({ date: v })}
              error={errors.date}
            />
            <MaskedInput
              mask="time"
              label={AWARD_TEXTS.deadlineTime}
              required
              value={input.time}
              onChange={(v) => set({ time: v })}
            />
          </Group>
        )}
        <RoomModalActions busy={action.busy} onClose={onClose} onConfirm={confirm} />
      </Stack>
    </AppModal>
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

export interface IndicateWinnerModalProps extends LotModalProps {
  lots: readonly RoomLot[];
}

/**
 * 'Indicar como vencedor o licitante da cota de ampla participação' (§5: 'Confirmar' stays disabled
 * until a wide-participation lot is chosen, unless the quota already has one configured).
 */
export function IndicateWinnerModal({ noticeId, lot, lots, request, onClose }: IndicateWinnerModalProps) {
  const { choices, preselected } = wideLotChoices(lots, lot);
  const [reference, setReference] = useState<string | null>(preselected);
  const action = useRoomAction({ request, onDone: onClose });
  const confirm = () => {
    if (!reference) return;
    void action.run(async () => {
      await action.send("indicate_winner_board_participation", {
        auctionNoticeId: noticeId,
        batchId: lot.id,
        referenceBatchId: reference,
      });
    });
  };
  return (
    <AppModal opened onClose={onClose} title={AWARD_TEXTS.indicateWinner} size="md">
      <Stack gap="md">
        <Text size="sm">{AWARD_TEXTS.indicateHint(lot.number)}</Text>
        <Select
          label={AWARD_TEXTS.wideLot}
          placeholder={AWARD_TEXTS.wideLotPlaceholder}
          data={choices.map((l) => ({
            value: l.id,
            label: `Lote/item ${l.number} - Licitante ${winnerNumberOf(l)}`,
          }))}
          value={reference}
          onChange={setReference}
          disabled={preselected !== null}
        />
        <RoomModalActions busy={action.busy} disabled={!reference} onClose={onClose} onConfirm={confirm} />
      </Stack>
    </AppModal>
  );
}

export interface RegionalPreferenceModalProps extends LotModalProps {
  /** Qualified, enabled ME/EPP bidding in the lot (the warning below 3). */
  smallBusinesses: number;
}

/** 'Aplicar Regra de Preferência Local ou Regional' (§2.6, §5: yes/no required; the fewer-than-3 warning). */
export function RegionalPreferenceModal({
  noticeId,
  lot,
  request,
  onClose,
  smallBusinesses,
}: RegionalPreferenceModalProps) {
  const [answer, setAnswer] = useState<"yes" | "no" | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const confirm = () => {
    setTouched(true);
    if (!answer) return;
    void action.run(async () => {
      await action.send("apply_regional_preference", {
        auctionNoticeId: noticeId,
        batchId: lot.id,
        applyRegionalPreference: answer === "yes",
      });
    });
  };
  return (
    <AppModal opened onClose={onClose} title={AWARD_TEXTS.regionalPreference} size="md">
      <Stack gap="md">
        <Text size="sm" fw={600}>
          Lote/item {lot.number}
        </Text>
        {smallBusinesses < 3 && (
          <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
            {AWARD_TEXTS.fewSmallBusinesses(smallBusinesses)}
          </Alert>
        )}
        <Radio.Group
          label={AWARD_TEXTS.regionalQuestion}
          required
          value={answer}
          onChange={(v) => setAnswer(v as "yes" | "no")}
          error={touched && !answer ? AWARD_TEXTS.answerRequired : null}
        >
          <Group mt="xs">
            <Radio value="yes" label={AWARD_TEXTS.yes} />
            <Radio value="no" label={AWARD_TEXTS.no} />
          </Group>
        </Radio.Group>
        <RoomModalActions busy={action.busy} onClose={onClose} onConfirm={confirm} />
      </Stack>
    </AppModal>
  );
}

/** 'Aderir ao cadastro reserva' (§5: canGetCurrentBestBid yes/no, default yes). */
export function ReserveRegisterModal({ lot, request, onClose }: LotModalProps) {
  const [answer, setAnswer] = useState<"yes" | "no">("yes");
  const action = useRoomAction({ request, onDone: onClose });
  const confirm = () =>
    void action.run(async () => {
      await action.send("create_backlog_bid", { batchId: lot.id, canGetCurrentBestBid: answer === "yes" });
    });
  return (
    <AppModal opened onClose={onClose} title={AWARD_TEXTS.reserveRegister} size="md">
      <Stack gap="md">
        <Text size="sm" fw={600}>
          Lote/item {lot.number}
        </Text>
        <Radio.Group
          label={AWARD_TEXTS.reserveQuestion}
          required
          value={answer}
          onChange={(v) => setAnswer(v as "yes" | "no")}
        >
          <Group mt="xs">
            <Radio value="yes" label={AWARD_TEXTS.yes} />
            <Radio value="no" label={AWARD_TEXTS.no} />
          </Group>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {AWARD_TEXTS.reserveHint}
        </Text>
        <RoomModalActions busy={action.busy} onClose={onClose} onConfirm={confirm} />
      </Stack>
    </AppModal>
  );
}

export interface AwardActionsProps {
  state: RoomState;
  now: Date;
  request: RequestAction;
}

/** The winner's documents part of the action panel (trading-room §2.3) and its modals. */
export function AwardActions({ state, now, request }: AwardActionsProps) {
  const [open, setOpen] = useState<{ key: AwardButton; label: string } | null>(null);
  const notice = state.notice;
  const lot = selectedLot(state);
  if (!notice || !lot) return null;
  const buttons = awardButtons(state, now);
  const end = deadlineOf(lot);
  const close = () => setOpen(null);
  const respecify = mayRespecify(state, now, lot);
  if (buttons.length === 0 && !end && !respecify) return null;
  return (
    <>
      <Divider />
      <Stack gap="xs" role="group" aria-label="Documentos do vencedor">
        {end && (
          <Text size="xs" c={end.getTime() < now.getTime() ? "red" : "dimmed"}>
            {end.getTime() < now.getTime()
              ? AWARD_TEXTS.deadlineOver(formatBrasiliaDateTime(end))
              : AWARD_TEXTS.deadlineUntil(formatBrasiliaDateTime(end))}
          </Text>
        )}
        {buttons.map((b) => (
          <Button key={b.key} variant="light" onClick={() => setOpen(b)}>
            {b.label}
          </Button>
        ))}
        {respecify && <RespecifyButton noticeId={notice.id} />}
      </Stack>
      {(open?.key === "READJUSTED_PROPOSAL" || open?.key === "PROOF_PAYMENT") && (
        <FileSendingModal
          kind={open.key === "PROOF_PAYMENT" ? "ELECTRONIC_AUCTION_PAYMENT" : "READJUSTED_PROPOSAL"}
          noticeId={notice.id}
          lot={lot}
          request={request}
          onClose={close}
        />
      )}
      {open?.key === "VIEW_PROOF_PAYMENTS" && (
        <AwardDocumentsModal
          noticeId={notice.id}
          lot={lot}
          title={open.label}
          kinds={PROOF_KINDS}
          errorTitle={AWARD_TEXTS.proofPaymentsLoadError}
          onClose={close}
        />
      )}
      {open?.key === "INDICATE_WINNER" && (
        <IndicateWinnerModal
          noticeId={notice.id}
          lot={lot}
          lots={headLots(notice)}
          request={request}
          onClose={close}
        />
      )}
      {open?.key === "REGIONAL_PREFERENCE" && (
        <RegionalPreferenceModal
          noticeId={notice.id}
          lot={lot}
          request={request}
          onClose={close}
          smallBusinesses={qualifyingSmallBusinesses(state)}
        />
      )}
      {open?.key === "RESERVE_REGISTER" && (
        <ReserveRegisterModal noticeId={notice.id} lot={lot} request={request} onClose={close} />
      )}
      {open?.key === "PROCESS_FILE" && <ProcessFileModal noticeId={notice.id} onClose={close} />}
      {open?.key === "VIEW_WINNER_DOCUMENTS" && (
        <AwardDocumentsModal
          noticeId={notice.id}
          lot={lot}
          title={open.label}
          errorTitle={AWARD_TEXTS.error}
          onClose={close}
        />
      )}
      {open?.key === "QUALIFICATION_DOCUMENTS" && (
        <QualificationDocumentsModal noticeId={notice.id} lot={lot} request={request} onClose={close} />
      )}
      {(open?.key === "START_DEADLINE" || open?.key === "EXTEND_DEADLINE") && (
        <DeadlineModal
          noticeId={notice.id}
          lot={lot}
          request={request}
          onClose={close}
          title={open.label}
          extending={open.key === "EXTEND_DEADLINE"}
        />
      )}
    </>
  );
}
