import { formatBrasiliaDateTime } from "@certame/domain";
import { Button, Divider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { headLots, type RoomState, selectedLot } from "../live/room-state";
import type { RequestAction } from "../modal/useRoomAction";
import {
  DeadlineModal,
  IndicateWinnerModal,
  RegionalPreferenceModal,
  ReserveRegisterModal,
} from "./AwardDecisionModals";
import {
  AwardDocumentsModal,
  FileSendingModal,
  ProcessFileModal,
  QualificationDocumentsModal,
} from "./AwardDocumentModals";
import {
  AWARD_TEXTS,
  type AwardButton,
  awardButtons,
  deadlineOf,
  qualifyingSmallBusinesses,
} from "./award-model";
import { mayRespecify, RespecifyButton } from "./RespecifyButton";

// The winner's documents in the action panel (trading-room §2.3): the buttons the user may use now
// and the modal each opens (AwardDocumentModals: files; AwardDecisionModals: live events).

const PROOF_KINDS = ["ELECTRONIC_AUCTION_PAYMENT"] as const;

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
