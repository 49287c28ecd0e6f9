import {
  APPEAL_EVENTS,
  DISPUTE_JUDGMENT_CHOICE_LABELS,
  DISPUTE_JUDGMENT_CHOICES,
  type DisputeJudgmentChoice,
} from "@certame/domain";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
} from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../../ui/modal/AppModal";
import { notifyError, notifySuccess } from "../../../ui/notify";
import { roomErrorMessage } from "../live/useTradingRoom";
import { RoomFileUploadModal } from "../modal/RoomFileUploadModal";
import { RoomModalActions } from "../modal/RoomModalActions";
import { type RequestAction, useRoomAction } from "../modal/useRoomAction";
import type { RoomLot } from "../types";
import { attachAppeal, attachCounterArgument, fetchDisputeList, judgeDisputes } from "./appeal-api";
import {
  APPEAL_SCOPE_LABELS,
  APPEAL_TEXT_MAX_LENGTH,
  APPEAL_TEXTS,
  type AppealEntry,
  type AppealScope,
  appealEntries,
  appealTextError,
  attachBody,
  DISPUTE_SCOPE_LABELS,
  type DisputeDocumentView,
  type DisputeList,
  type DisputeScope,
  type DisputeView,
  disputesInScope,
  isPending,
  judgeBody,
  manifestPayload,
  mergeDisputes,
  ownCurrentFile,
  refusePayload,
  waivePayload,
} from "./appeal-model";

// The appeal modals of the room (trading-room §2.6, §5 "Room modals", §8): manifest interest,
// waive, attach appeal / counter-argument, the appeals list, judge and refuse. The live events go
// through request() (closing on ACKNOWLEDGED; an ERROR is shown by the room and the modal stays);
// the files through the app/dispute/* calls after /api/upload.

function ScopeChoice<T extends string>({
  value,
  options,
  labels,
  onChange,
}: {
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
}) {
  if (options.length < 2) return null;
  return (
    <Radio.Group label={APPEAL_TEXTS.scope} required value={value} onChange={(v) => onChange(v as T)}>
      <Stack gap={6} mt={4}>
        {options.map((o) => (
          <Radio key={o} value={o} label={labels[o]} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** A required file field of the appeal modals ('Anexe o arquivo.' once confirm was tried). */
const requiredFile = (
  label: string,
  value: File | null,
  onChange: (file: File | null) => void,
  touched: boolean,
) => ({
  label,
  placeholder: APPEAL_TEXTS.filePlaceholder,
  required: true,
  value,
  onChange,
  error: touched && !value ? APPEAL_TEXTS.fileRequired : null,
});

// ---- intention and waiver (live events) ----

export interface IntentionModalProps {
  /** MANIFEST: 'Indicar Interesse em interpor recursos'; WAIVE: 'Desistir do recurso'. */
  kind: "MANIFEST" | "WAIVE";
  noticeId: string;
  lot: RoomLot;
  /** The scopes offered (§5 applyAction): the lot, or all lots. */
  scopes: readonly AppealScope[];
  request: RequestAction;
  onClose: () => void;
}

/** §5: applyAction and reason (≤ 5000) for the intention; reason for the waiver. */
export function IntentionModal({ kind, noticeId, lot, scopes, request, onClose }: IntentionModalProps) {
  const [scope, setScope] = useState<AppealScope>(scopes[0] ?? "SELECTED_BATCH");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const error = appealTextError("reason", reason);
  const manifest = kind === "MANIFEST";

  const confirm = () => {
    setTouched(true);
    if (error) return;
    void action.run(async () => {
      if (manifest)
        await action.send(
          APPEAL_EVENTS.manifestInterestInDispute,
          manifestPayload(scope, noticeId, lot.id, reason),
          APPEAL_TEXTS.manifested,
        );
      else
        await action.send(
          APPEAL_EVENTS.waiveInterestInDispute,
          waivePayload(scope, noticeId, lot.id, reason),
          APPEAL_TEXTS.waived,
        );
    });
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={manifest ? APPEAL_TEXTS.manifest : APPEAL_TEXTS.waive}
      size="md"
    >
      <Stack gap="md">
        <Text size="sm" fw={600}>
          Lote/item {lot.number}
        </Text>
        <ScopeChoice value={scope} options={scopes} labels={APPEAL_SCOPE_LABELS} onChange={setScope} />
        <CountedTextarea
          label={APPEAL_TEXTS.reason}
          required
          autosize
          minRows={3}
          value={reason}
          onChange={setReason}
          maxLength={APPEAL_TEXT_MAX_LENGTH}
          error={touched ? error : null}
        />
        <RoomModalActions
          busy={action.busy}
          onClose={onClose}
          onConfirm={confirm}
          colour={manifest ? undefined : "red"}
        />
      </Stack>
    </AppModal>
  );
}

// ---- appeal and counter-argument files (HTTP) ----

export interface AttachAppealModalProps {
  kind: "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT";
  noticeId: string;
  lot: RoomLot;
  anonymousNumber: number | null;
  /** ALL_BATCHES for a whole-notice appeal: the file goes to every lot where it stands. */
  scopes: readonly AppealScope[];
  request: RequestAction;
  onClose: () => void;
}

/** §5: one file required; it replaces any earlier one (the current one is named). */
export function AttachAppealModal({
  kind,
  noticeId,
  lot,
  anonymousNumber,
  scopes,
  request,
  onClose,
}: AttachAppealModalProps) {
  const appeal = kind === "DISPUTE";
  const [scope, setScope] = useState<AppealScope>(scopes[0] ?? "SELECTED_BATCH");
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction();
  const [current, setCurrent] = useState<DisputeDocumentView | null>(null);

  useEffect(() => {
    let active = true;
    fetchDisputeList(noticeId)
      .then((list) => active && setCurrent(ownCurrentFile(list.documents, kind, lot.id, anonymousNumber)))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [noticeId, kind, lot.id, anonymousNumber]);

  const confirm = () => {
    setTouched(true);
    if (!file) return;
    void action.run(async () => {
      const uploaded = await action.upload(file);
      if (!uploaded) return;
      const body = attachBody(scope, noticeId, lot.id, uploaded);
      const answer = await action.call(
        () => (appeal ? attachAppeal(body) : attachCounterArgument(body)),
        appeal ? APPEAL_TEXTS.attachAppealError : APPEAL_TEXTS.attachCounterArgumentError,
      );
      if (!answer) return;
      notifySuccess(
        answer.value?.message ||
          (appeal ? APPEAL_TEXTS.appealAttached : APPEAL_TEXTS.counterArgumentAttached),
      );
      // §7: the room is told (the server pushed its event on commit; this only confirms the lot).
      void request(
        appeal
          ? APPEAL_EVENTS.broadcastDisputeDocumentAttached
          : APPEAL_EVENTS.broadcastDisputeCounterArgumentDocumentAttached,
        { batchId: lot.id, auctionNoticeId: noticeId },
      );
      onClose();
    });
  };

  return (
    <RoomFileUploadModal
      title={appeal ? APPEAL_TEXTS.attachAppeal : APPEAL_TEXTS.attachCounterArgument}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      file={requiredFile(APPEAL_TEXTS.file, file, setFile, touched)}
    >
      <Text size="sm" fw={600}>
        Lote/item {lot.number}
      </Text>
      <ScopeChoice value={scope} options={scopes} labels={APPEAL_SCOPE_LABELS} onChange={setScope} />
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {current ? APPEAL_TEXTS.currentFile(current.name) : APPEAL_TEXTS.oneFile}
      </Alert>
    </RoomFileUploadModal>
  );
}

// ---- the list, judgement and refusal ----

export interface DisputeListModalProps {
  noticeId: string;
  title: string;
  /** The room's disputes (shown until the list call answers, and if it fails). */
  disputes: readonly DisputeView[];
  /** Whether the user may judge / refuse in a lot now (§6 JUDGE_DISPUTE, REFUSE_DISPUTE). */
  mayJudge: (lotId: string) => boolean;
  mayRefuse: (lotId: string) => boolean;
  onJudge: (entry: AppealEntry, disputes: DisputeView[]) => void;
  onRefuse: (entry: AppealEntry, disputes: DisputeView[]) => void;
  onClose: () => void;
}

/**
 * 'Visualizar recursos apresentados' / 'Visualizar e julgar recursos' (§2.3, §2.6): each appeal with
 * its supplier and lot number ('Recurso único (Edital)' for a whole-notice one), its reason, its
 * situation and the files the user may read; the auctioneer's 'Julgar' and 'Recusar'.
 */
export function DisputeListModal({
  noticeId,
  title,
  disputes,
  mayJudge,
  mayRefuse,
  onJudge,
  onRefuse,
  onClose,
}: DisputeListModalProps) {
  const [list, setList] = useState<DisputeList | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    fetchDisputeList(noticeId)
      .then((l) => active && setList(l))
      .catch((e) => {
        // §8: 'Erro ao carregar recursos', falling back to empty lists (the room's own views stay).
        if (active) notifyError(APPEAL_TEXTS.listError, roomErrorMessage(e));
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [noticeId]);

  const all = mergeDisputes(list?.disputes ?? [], disputes);
  const documents = list?.documents ?? [];
  const entries = appealEntries(all);

  return (
    <AppModal opened onClose={onClose} title={title} size="xl">
      <Stack gap="md">
        {loading && <Loader role="progressbar" size="sm" aria-label="Carregando recursos" />}
        {entries.length === 0 && !loading ? (
          <Text c="dimmed">{APPEAL_TEXTS.noDisputes}</Text>
        ) : (
          <ScrollArea.Autosize mah={480}>
            <Table aria-label="Recursos apresentados" fz="sm" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Licitante</Table.Th>
                  <Table.Th>Lote/item</Table.Th>
                  <Table.Th>Motivo</Table.Th>
                  <Table.Th>Situação</Table.Th>
                  <Table.Th>Arquivos</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => {
                  const ids = new Set(entry.disputes.map((d) => d.id));
                  const lots = new Set(entry.disputes.map((d) => d.batchId));
                  const n = entry.disputes[0]?.anonymousSupplierIdentificationNumber;
                  const files = documents.filter(
                    (d) =>
                      (d.disputeId !== null && ids.has(d.disputeId)) ||
                      // Counter-arguments belong to the lot, not to one appeal.
                      (d.kind === "DISPUTE_COUNTER_ARGUMENT" &&
                        lots.has(d.batchId) &&
                        d.anonymousSupplierIdentificationNumber !== n),
                  );
                  const pending = entry.disputes.filter(isPending);
                  const judge = pending.some((d) => mayJudge(d.batchId));
                  const refuse = pending.some((d) => mayRefuse(d.batchId));
                  return (
                    <Table.Tr key={entry.key}>
                      <Table.Td>{entry.supplier}</Table.Td>
                      <Table.Td>
                        {entry.lotLabel}
                        {entry.wholeNotice && entry.lotNumbers.length > 0 && (
                          <Text size="xs" c="dimmed">
                            Lotes/itens {entry.lotNumbers.join(", ")}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "pre-wrap" }}>{entry.reason}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" style={{ textTransform: "none" }}>
                          {entry.situation}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {files.length === 0 ? (
                          <Text size="xs" c="dimmed">
                            {APPEAL_TEXTS.noDocuments}
                          </Text>
                        ) : (
                          <Stack gap={2}>
                            {files.map((f) => (
                              <Anchor key={f.id} href={f.url} target="_blank" rel="noreferrer" size="xs">
                                {`${KIND_LABELS[f.kind] ?? f.kind} - ${f.name}`}
                              </Anchor>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {judge && (
                            <Button size="xs" onClick={() => onJudge(entry, all)}>
                              {APPEAL_TEXTS.judgeOne}
                            </Button>
                          )}
                          {refuse && (
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              onClick={() => onRefuse(entry, all)}
                            >
                              {APPEAL_TEXTS.refuse}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
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

const KIND_LABELS: Record<string, string> = {
  DISPUTE: "Recurso",
  DISPUTE_COUNTER_ARGUMENT: "Contrarrazão",
  DISPUTE_JUDGMENT: "Julgamento",
};

/** The scopes of a judge / refuse action: the supplier's other pending appeals make the second one. */
function disputeScopes(
  disputes: readonly DisputeView[],
  entry: AppealEntry,
  may: (lotId: string) => boolean,
): DisputeScope[] {
  const one = disputesInScope(disputes, entry, "SELECTED_DISPUTE", may);
  const all = disputesInScope(disputes, entry, "ALL_FROM_SELECTED_SUPPLIER", may);
  return all.length > one.length ? ["SELECTED_DISPUTE", "ALL_FROM_SELECTED_SUPPLIER"] : ["SELECTED_DISPUTE"];
}

function EntryHeader({ entry }: { entry: AppealEntry }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {entry.supplier} — {entry.wholeNotice ? entry.lotLabel : `Lote/item ${entry.lotLabel}`}
      </Text>
      {entry.reason && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
          {APPEAL_TEXTS.reason}: {entry.reason}
        </Text>
      )}
    </Stack>
  );
}

export interface JudgeModalProps {
  entry: AppealEntry;
  disputes: readonly DisputeView[];
  may: (lotId: string) => boolean;
  request: RequestAction;
  onClose: () => void;
}

/** §5 judge appeals: status ('Deferir' / 'Indeferir'), applyJudgeAction, justification (≤ 5000) and a file. */
export function JudgeModal({ entry, disputes, may, request, onClose }: JudgeModalProps) {
  const scopes = disputeScopes(disputes, entry, may);
  const [scope, setScope] = useState<DisputeScope>("SELECTED_DISPUTE");
  const [status, setStatus] = useState<DisputeJudgmentChoice | null>(null);
  const [justification, setJustification] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction();
  const error = appealTextError("justification", justification);

  const confirm = () => {
    setTouched(true);
    const ids = disputesInScope(disputes, entry, scope, may);
    if (!status || error || !file || ids.length === 0) return;
    void action.run(async () => {
      const uploaded = await action.upload(file);
      if (!uploaded) return;
      const answer = await action.call(
        () => judgeDisputes(judgeBody(status, ids, justification, uploaded)),
        APPEAL_TEXTS.judgeError,
      );
      if (!answer) return;
      notifySuccess(answer.value?.message || APPEAL_TEXTS.judged);
      void request(APPEAL_EVENTS.broadcastDisputeJudgment, { disputesIds: ids });
      onClose();
    });
  };

  return (
    <RoomFileUploadModal
      title={APPEAL_TEXTS.judgeTitle}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      file={requiredFile(APPEAL_TEXTS.judgeFile, file, setFile, touched)}
    >
      <EntryHeader entry={entry} />
      <ScopeChoice value={scope} options={scopes} labels={DISPUTE_SCOPE_LABELS} onChange={setScope} />
      <Radio.Group
        label={APPEAL_TEXTS.result}
        required
        value={status}
        onChange={(v) => setStatus(v as DisputeJudgmentChoice)}
        error={touched && !status ? APPEAL_TEXTS.resultRequired : null}
      >
        <Group gap="lg" mt={4}>
          {DISPUTE_JUDGMENT_CHOICES.map((c) => (
            <Radio key={c} value={c} label={DISPUTE_JUDGMENT_CHOICE_LABELS[c]} />
          ))}
        </Group>
      </Radio.Group>
      <CountedTextarea
        label={APPEAL_TEXTS.justification}
        required
        autosize
        minRows={3}
        value={justification}
        onChange={setJustification}
        maxLength={APPEAL_TEXT_MAX_LENGTH}
        error={touched ? error : null}
      />
    </RoomFileUploadModal>
  );
}

export interface RefuseModalProps {
  entry: AppealEntry;
  disputes: readonly DisputeView[];
  may: (lotId: string) => boolean;
  request: RequestAction;
  onClose: () => void;
}

/** §5 refuse appeals: applyRefuseAction and reason (≤ 5000). */
export function RefuseModal({ entry, disputes, may, request, onClose }: RefuseModalProps) {
  const scopes = disputeScopes(disputes, entry, may);
  const [scope, setScope] = useState<DisputeScope>("SELECTED_DISPUTE");
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const error = appealTextError("reason", reason);

  const confirm = () => {
    setTouched(true);
    const ids = disputesInScope(disputes, entry, scope, may);
    if (error || ids.length === 0) return;
    void action.run(async () => {
      await action.send(
        APPEAL_EVENTS.refuseDisputeManifestation,
        refusePayload(ids, reason),
        APPEAL_TEXTS.refused,
      );
    });
  };

  return (
    <AppModal opened onClose={onClose} title={APPEAL_TEXTS.refuseTitle} size="md">
      <Stack gap="md">
        <EntryHeader entry={entry} />
        <ScopeChoice value={scope} options={scopes} labels={DISPUTE_SCOPE_LABELS} onChange={setScope} />
        <CountedTextarea
          label={APPEAL_TEXTS.reason}
          required
          autosize
          minRows={3}
          value={reason}
          onChange={setReason}
          maxLength={APPEAL_TEXT_MAX_LENGTH}
          error={touched ? error : null}
        />
        <RoomModalActions busy={action.busy} onClose={onClose} onConfirm={confirm} colour="red" />
      </Stack>
    </AppModal>
  );
}
