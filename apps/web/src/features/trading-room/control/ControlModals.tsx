import {
  anonymousBidderName,
  CONTROL_EVENTS,
  LOT_PHASE_LABELS,
  type LotPhase,
  type Modality,
} from "@certame/domain";
import { Alert, Button, Group, Radio, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { CountedTextarea } from "../../../ui/counted-textarea/CountedTextarea";
import { AppModal } from "../../../ui/modal/AppModal";
import { notifyError } from "../../../ui/notify";
import { RoomFileUploadModal } from "../modal/RoomFileUploadModal";
import { RoomModalActions } from "../modal/RoomModalActions";
import { type RequestAction, type RoomAction, useRoomAction } from "../modal/useRoomAction";
import { ROOM_TEXTS } from "../texts";
import type { BidView, RoomLot } from "../types";
import {
  CONTROL_LONG_TEXT_MAX_LENGTH,
  CONTROL_TEXTS,
  type ControlInput,
  controlTextError,
  LOT_CONTROLS,
  type LotControl,
  lotControlPayload,
  MANAGE_PANEL_CONTROLS,
  type SupplierToggleKind,
  type SupplierToggleScope,
  showsAppealNotice,
  supplierTogglePayload,
  TOGGLE_DONE,
  toggleOffersFile,
  toggleScopes,
} from "./control-actions";

// The room's control modals (trading-room §2.3 '+ Opções', §2.6): each sends its live event and
// closes on the server's ACKNOWLEDGED; an ERROR is shown (useTradingRoom) and the modal stays open.

export type { RequestAction };

/** Uploads the modal's optional file: null without one, undefined when the upload failed (shown). */
async function uploadOptional(
  action: RoomAction,
  file: File | null,
): Promise<ControlInput["file"] | undefined> {
  if (!file) return null;
  return (await action.upload(file)) ?? undefined;
}

/** The optional file field of the control modals (30 MB, JPG/PNG/PDF). */
const optionalFile = (value: File | null, onChange: (file: File | null) => void) => ({
  label: CONTROL_TEXTS.file,
  placeholder: CONTROL_TEXTS.filePlaceholder,
  value,
  onChange,
});

export interface LotControlModalProps {
  control: LotControl;
  noticeId: string;
  modality: Modality;
  lot: RoomLot;
  request: RequestAction;
  onClose: () => void;
}

/**
 * Suspend / resume the process (a confirmation), suspend indefinitely (justification ≤ 5000),
 * revoke, annul, fail, fail directly and resume a lot (reason ≤ 255); the file is optional (§5).
 */
export function LotControlModal({
  control,
  noticeId,
  modality,
  lot,
  request,
  onClose,
}: LotControlModalProps) {
  const definition = LOT_CONTROLS[control];
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const error = definition.text ? controlTextError(definition.text, text, definition.maxLength) : null;

  const confirm = () => {
    setTouched(true);
    if (error) return;
    // §5: every control needs the lot's chat channel.
    if (!lot.chatChannel?.id) {
      notifyError(undefined, ROOM_TEXTS.actionError);
      return;
    }
    void action.run(async () => {
      const uploaded = definition.withFile ? await uploadOptional(action, file) : null;
      if (uploaded === undefined) return;
      const payload = lotControlPayload(control, noticeId, lot, { text, file: uploaded });
      if (!payload) {
        notifyError(undefined, ROOM_TEXTS.actionError);
        return;
      }
      await action.send(definition.event, payload, definition.done);
    });
  };

  const question =
    control === "SUSPEND"
      ? CONTROL_TEXTS.suspendQuestion
      : control === "UNSUSPEND"
        ? CONTROL_TEXTS.resumeQuestion
        : null;
  const title =
    control === "SUSPEND"
      ? "Suspender processo"
      : control === "UNSUSPEND"
        ? "Retomar processo"
        : definition.label;

  return (
    <RoomFileUploadModal
      title={title}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      file={definition.withFile ? optionalFile(file, setFile) : null}
      colour={definition.colour}
    >
      <Text size="sm" fw={600}>
        Lote/item {lot.number}
      </Text>
      {question && <Text>{question}</Text>}
      {showsAppealNotice(control, modality) && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
          {CONTROL_TEXTS.appealNotice}
        </Alert>
      )}
      {definition.text && (
        <CountedTextarea
          label={definition.text === "reason" ? CONTROL_TEXTS.reason : CONTROL_TEXTS.justification}
          required
          autosize
          minRows={3}
          value={text}
          onChange={setText}
          maxLength={definition.maxLength}
          error={touched ? error : null}
        />
      )}
    </RoomFileUploadModal>
  );
}

export interface ManagePanelModalProps {
  lots: RoomLot[];
  initialLotId: string | null;
  /** The '+ Opções' buttons the user's role may use on a lot now (§6). */
  controlsFor: (lot: RoomLot) => LotControl[];
  movesFor: (lot: RoomLot) => { previous: boolean; next: boolean };
  phaseLabel: (lot: RoomLot) => string;
  onControl: (control: LotControl, lot: RoomLot) => void;
  onMove: (kind: "NEXT" | "PREVIOUS", lot: RoomLot) => void;
  onClose: () => void;
  /** The process-wide buttons (e.g. 'Atualizar relatórios'), shown whatever the lot. */
  processActions?: ReactNode;
}

/** '+ Opções' (§2.3): the lot table and the control buttons for the lot chosen in it. */
export function ManagePanelModal({
  lots,
  initialLotId,
  controlsFor,
  movesFor,
  phaseLabel,
  onControl,
  onMove,
  onClose,
  processActions,
}: ManagePanelModalProps) {
  const [lotId, setLotId] = useState(initialLotId ?? lots[0]?.id ?? null);
  const lot = lots.find((l) => l.id === lotId) ?? null;
  const controls = lot ? controlsFor(lot) : [];
  const moves = lot ? movesFor(lot) : { previous: false, next: false };
  const nothing = controls.length === 0 && !moves.previous && !moves.next;

  return (
    <AppModal opened onClose={onClose} title={CONTROL_TEXTS.manageTitle} size="xl">
      <Stack gap="md">
        <Radio.Group label={CONTROL_TEXTS.chooseLot} value={lotId} onChange={setLotId}>
          <ScrollArea.Autosize mah={260} mt={6}>
            <Table aria-label="Lotes do painel de opções" highlightOnHover fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>Lote</Table.Th>
                  <Table.Th>Nome do produto</Table.Th>
                  <Table.Th>Etapa do processo</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lots.map((l) => (
                  <Table.Tr key={l.id} onClick={() => setLotId(l.id)} style={{ cursor: "pointer" }}>
                    <Table.Td>
                      <Radio value={l.id} aria-label={`Lote ${l.number}`} />
                    </Table.Td>
                    <Table.Td>{l.number}</Table.Td>
                    <Table.Td>{l.product?.name ?? "-"}</Table.Td>
                    <Table.Td>{phaseLabel(l)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Radio.Group>
        {lot && (
          <Group gap="xs" role="group" aria-label={`Ações do lote ${lot.number}`}>
            {controls.map((c) => (
              <Button
                key={c}
                variant="light"
                color={LOT_CONTROLS[c].colour}
                onClick={() => onControl(c, lot)}
              >
                {LOT_CONTROLS[c].label}
              </Button>
            ))}
            {moves.previous && (
              <Button variant="default" onClick={() => onMove("PREVIOUS", lot)}>
                Voltar para fase anterior
              </Button>
            )}
            {moves.next && <Button onClick={() => onMove("NEXT", lot)}>Avançar para próxima fase</Button>}
          </Group>
        )}
        {processActions && (
          <Group gap="xs" role="group" aria-label="Ações do processo">
            {processActions}
          </Group>
        )}
        {lot && nothing && (
          <Text size="sm" c="dimmed">
            Nenhuma ação disponível para o lote/item {lot.number} na fase{" "}
            {LOT_PHASE_LABELS[lot.phase as LotPhase]}.
          </Text>
        )}
      </Stack>
    </AppModal>
  );
}

/** The controls of MANAGE_PANEL_CONTROLS that pass the check, in their order. */
export const manageControls = (allowedControl: (control: LotControl) => boolean): LotControl[] =>
  MANAGE_PANEL_CONTROLS.filter(allowedControl);

export interface SupplierToggleModalProps {
  kind: SupplierToggleKind;
  noticeId: string;
  lot: RoomLot;
  bid: BidView;
  request: RequestAction;
  onClose: () => void;
}

/** Disqualify / requalify and disable / enable a supplier (§2.6): reason ≤ 5000, lot or all lots. */
export function SupplierToggleModal({
  kind,
  noticeId,
  lot,
  bid,
  request,
  onClose,
}: SupplierToggleModalProps) {
  const scopes = toggleScopes(lot.phase);
  const [scope, setScope] = useState<SupplierToggleScope>("SELECTED_BATCH");
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [touched, setTouched] = useState(false);
  const action = useRoomAction({ request, onDone: onClose });
  const error = controlTextError("reason", reason, CONTROL_LONG_TEXT_MAX_LENGTH);
  const qualification = kind === "DISQUALIFY" || kind === "REQUALIFY";
  const title =
    kind === "DISQUALIFY"
      ? CONTROL_TEXTS.disqualifyTitle
      : kind === "REQUALIFY"
        ? CONTROL_TEXTS.requalifyTitle
        : kind === "INACTIVE"
          ? CONTROL_TEXTS.disable
          : CONTROL_TEXTS.enable;
  const confirmLabel =
    kind === "DISQUALIFY"
      ? CONTROL_TEXTS.confirmDisqualify
      : kind === "REQUALIFY"
        ? CONTROL_TEXTS.confirmRequalify
        : CONTROL_TEXTS.confirm;
  const text = qualification
    ? CONTROL_TEXTS.qualificationText(kind === "DISQUALIFY" ? "Reclassificar" : "Desclassificar")
    : CONTROL_TEXTS.enableText(kind === "INACTIVE");

  const confirm = () => {
    setTouched(true);
    if (error) return;
    if (!lot.chatChannel?.id) {
      notifyError(undefined, ROOM_TEXTS.actionError);
      return;
    }
    void action.run(async () => {
      const uploaded = toggleOffersFile(kind) ? await uploadOptional(action, file) : null;
      if (uploaded === undefined) return;
      const payload = supplierTogglePayload(kind, scope, noticeId, lot, bid, {
        text: reason,
        file: uploaded,
      });
      if (!payload) {
        notifyError(undefined, ROOM_TEXTS.actionError);
        return;
      }
      await action.send(CONTROL_EVENTS.toggleSupplierStatus, payload, TOGGLE_DONE[kind]);
    });
  };

  return (
    <RoomFileUploadModal
      title={title}
      busy={action.busy}
      onClose={onClose}
      onConfirm={confirm}
      file={toggleOffersFile(kind) ? optionalFile(file, setFile) : null}
      confirmLabel={confirmLabel}
      colour={kind === "DISQUALIFY" || kind === "INACTIVE" ? "red" : undefined}
    >
      <Text size="sm" fw={600}>
        {bid.nameToScreen ?? anonymousBidderName(bid.anonymousSupplierIdentificationNumber ?? "")} — Lote/item{" "}
        {lot.number}
      </Text>
      <Text>{text}</Text>
      <Radio.Group
        label={CONTROL_TEXTS.scope}
        value={scope}
        onChange={(v) => setScope(v as SupplierToggleScope)}
        required
      >
        <Stack gap={6} mt={4}>
          {scopes.map((s) => (
            <Radio
              key={s}
              value={s}
              label={s === "SELECTED_BATCH" ? CONTROL_TEXTS.selectedLot : CONTROL_TEXTS.allLots}
            />
          ))}
        </Stack>
      </Radio.Group>
      <CountedTextarea
        label={CONTROL_TEXTS.reason}
        required
        autosize
        minRows={3}
        value={reason}
        onChange={setReason}
        maxLength={CONTROL_LONG_TEXT_MAX_LENGTH}
        error={touched ? error : null}
      />
    </RoomFileUploadModal>
  );
}

export interface DiscloseReferencePriceModalProps {
  noticeId: string;
  lot: RoomLot;
  request: RequestAction;
  onClose: () => void;
}

/** 'Divulgar o preço de referência para os licitantes' (§2.3): a confirmation, then the event. */
export function DiscloseReferencePriceModal({
  noticeId,
  lot,
  request,
  onClose,
}: DiscloseReferencePriceModalProps) {
  const action = useRoomAction({ request, onDone: onClose });
  const confirm = () => {
    const chatChannelId = lot.chatChannel?.id;
    if (!chatChannelId) {
      notifyError(undefined, ROOM_TEXTS.actionError);
      return;
    }
    void action.run(async () => {
      await action.send(
        CONTROL_EVENTS.discloseReferencePrice,
        { auctionNoticeId: noticeId, chatChannelId },
        "Preço de referência divulgado.",
      );
    });
  };
  return (
    <AppModal opened onClose={onClose} title={CONTROL_TEXTS.discloseReferencePrice} size="md">
      <Stack gap="lg">
        <Text>{CONTROL_TEXTS.discloseQuestion}</Text>
        <RoomModalActions busy={action.busy} onClose={onClose} onConfirm={confirm} gap="sm" />
      </Stack>
    </AppModal>
  );
}
