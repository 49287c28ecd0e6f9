import { AWARD_EVENTS, anonymousBidderName } from "@certame/domain";
import { Alert, Group, NumberInput, Radio, Select, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { MaskedInput } from "../../../ui/inputs/MaskedInput";
import { AppModal } from "../../../ui/modal/AppModal";
import { RoomModalActions } from "../modal/RoomModalActions";
import { useRoomAction } from "../modal/useRoomAction";
import type { RoomLot } from "../types";
import type { AwardLotModalProps } from "./AwardDocumentModals";
import {
  AWARD_TEXTS,
  type DeadlineInput,
  deadlineErrors,
  deadlinePayload,
  EMPTY_DEADLINE,
  wideLotChoices,
  winnerNumberOf,
} from "./award-model";

// The award modals that send a live event (trading-room §2.6, §5): the documents deadline, the
// wide-participation winner, the regional preference and the reserve register. Each closes on the
// server's ACKNOWLEDGED; an ERROR is shown by the room and the modal stays open.

export interface DeadlineModalProps extends AwardLotModalProps {
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
        AWARD_EVENTS.broadcastConfigureAttachingDocumentsDateTime,
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

export interface IndicateWinnerModalProps extends AwardLotModalProps {
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
      await action.send(AWARD_EVENTS.indicateWinnerBoardParticipation, {
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
            label: `Lote/item ${l.number} - ${anonymousBidderName(winnerNumberOf(l) ?? "")}`,
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

export interface RegionalPreferenceModalProps extends AwardLotModalProps {
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
      await action.send(AWARD_EVENTS.applyRegionalPreference, {
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
export function ReserveRegisterModal({ lot, request, onClose }: AwardLotModalProps) {
  const [answer, setAnswer] = useState<"yes" | "no">("yes");
  const action = useRoomAction({ request, onDone: onClose });
  const confirm = () =>
    void action.run(async () => {
      await action.send(AWARD_EVENTS.createBacklogBid, {
        batchId: lot.id,
        canGetCurrentBestBid: answer === "yes",
      });
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
