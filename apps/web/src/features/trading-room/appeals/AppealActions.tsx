import { Button, Divider, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { RequestAction } from "../control/ControlModals";
import { headLots, type RoomState, selectedLot } from "../live/room-state";
import { allowed } from "../room-permissions";
import { AttachAppealModal, DisputeListModal, IntentionModal, JudgeModal, RefuseModal } from "./AppealModals";
import {
  APPEAL_TEXTS,
  type AppealEntry,
  type AppealScope,
  appealTermText,
  type DisputeView,
  hasManifestedInWindow,
  interestWindowOpen,
  othersPendingDispute,
  ownPendingDispute,
} from "./appeal-model";

type Open =
  | { kind: "MANIFEST" | "WAIVE"; scopes: AppealScope[] }
  | { kind: "DISPUTE" | "DISPUTE_COUNTER_ARGUMENT"; scopes: AppealScope[] }
  | { kind: "LIST"; title: string }
  | { kind: "JUDGE" | "REFUSE"; entry: AppealEntry; disputes: DisputeView[] };

/** The appeal buttons the user may use on the selected lot now (§2.3, §6), in the spec's order. */
export function appealButtons(state: RoomState, now: Date) {
  const lot = selectedLot(state);
  if (!lot) return [];
  const mine = state.anonymousNumber;
  const own = ownPendingDispute(state.disputes, lot.id, mine);
  const buttons: { key: Open["kind"]; label: string }[] = [];
  if (
    allowed(state, "MANIFESTE_DISPUTE_INTEREST", now, lot) &&
    interestWindowOpen(lot, now) &&
    !hasManifestedInWindow(state.disputes, lot, mine)
  )
    buttons.push({ key: "MANIFEST", label: APPEAL_TEXTS.manifest });
  const judge = allowed(state, "JUDGE_DISPUTE", now, lot);
  // Anyone signed in reads the appeals once one exists (the list call needs a session).
  if (!judge && state.user && state.disputes.length > 0)
    buttons.push({ key: "LIST", label: APPEAL_TEXTS.view });
  if (own && allowed(state, "ATTACH_DISPUTE_MANIFESTATION", now, lot))
    buttons.push({ key: "DISPUTE", label: APPEAL_TEXTS.attachAppeal });
  if (
    allowed(state, "ATTACH_COUNTER_ARGUMENT", now, lot) &&
    othersPendingDispute(state.disputes, lot.id, mine)
  )
    buttons.push({ key: "DISPUTE_COUNTER_ARGUMENT", label: APPEAL_TEXTS.attachCounterArgument });
  if (own && allowed(state, "WAIVE_INTEREST_IN_DISPUTE", now, lot))
    buttons.push({ key: "WAIVE", label: APPEAL_TEXTS.waive });
  if (judge) buttons.push({ key: "LIST", label: APPEAL_TEXTS.judge });
  return buttons;
}

export interface AppealActionsProps {
  state: RoomState;
  now: Date;
  request: RequestAction;
}

/** The appeal part of the action panel (trading-room §2.3) and its modals (§2.6). */
export function AppealActions({ state, now, request }: AppealActionsProps) {
  const [open, setOpen] = useState<Open | null>(null);
  const notice = state.notice;
  const lot = selectedLot(state);
  if (!notice || !lot) return null;
  const buttons = appealButtons(state, now);
  const term = appealTermText(lot, now);
  const lotById = new Map(headLots(notice).map((l) => [l.id, l]));
  const may = (action: "JUDGE_DISPUTE" | "REFUSE_DISPUTE") => (lotId: string) => {
    const target = lotById.get(lotId);
    return !!target && allowed(state, action, now, target);
  };
  const own = ownPendingDispute(state.disputes, lot.id, state.anonymousNumber);
  // A whole-notice appeal acts on every lot where it stands (docs/live-room.md "Appeals").
  const ownScopes: AppealScope[] = own?.auctionNoticeId
    ? ["SELECTED_BATCH", "ALL_BATCHES"]
    : ["SELECTED_BATCH"];

  const openButton = (key: Open["kind"], label: string) => {
    switch (key) {
      case "MANIFEST":
        return setOpen({ kind: "MANIFEST", scopes: ["SELECTED_BATCH", "ALL_BATCHES"] });
      case "WAIVE":
        return setOpen({ kind: "WAIVE", scopes: ownScopes });
      case "DISPUTE":
        return setOpen({ kind: "DISPUTE", scopes: ownScopes });
      case "DISPUTE_COUNTER_ARGUMENT":
        return setOpen({ kind: "DISPUTE_COUNTER_ARGUMENT", scopes: ["SELECTED_BATCH"] });
      default:
        return setOpen({ kind: "LIST", title: label });
    }
  };

  const close = () => setOpen(null);
  return (
    <>
      {(buttons.length > 0 || term) && <Divider />}
      {term && (
        <Text size="sm" c="dimmed">
          {term}
        </Text>
      )}
      {buttons.length > 0 && (
        <Stack gap="xs" role="group" aria-label="Recursos">
          {buttons.map((b) => (
            <Button key={b.label} variant="light" onClick={() => openButton(b.key, b.label)}>
              {b.label}
            </Button>
          ))}
        </Stack>
      )}
      {(open?.kind === "MANIFEST" || open?.kind === "WAIVE") && (
        <IntentionModal
          kind={open.kind}
          noticeId={notice.id}
          lot={lot}
          scopes={open.scopes}
          request={request}
          onClose={close}
        />
      )}
      {(open?.kind === "DISPUTE" || open?.kind === "DISPUTE_COUNTER_ARGUMENT") && (
        <AttachAppealModal
          kind={open.kind}
          noticeId={notice.id}
          lot={lot}
          anonymousNumber={state.anonymousNumber}
          scopes={open.scopes}
          request={request}
          onClose={close}
        />
      )}
      {open?.kind === "LIST" && (
        <DisputeListModal
          noticeId={notice.id}
          title={open.title}
          disputes={state.disputes}
          mayJudge={may("JUDGE_DISPUTE")}
          mayRefuse={may("REFUSE_DISPUTE")}
          onJudge={(entry, disputes) => setOpen({ kind: "JUDGE", entry, disputes })}
          onRefuse={(entry, disputes) => setOpen({ kind: "REFUSE", entry, disputes })}
          onClose={close}
        />
      )}
      {open?.kind === "JUDGE" && (
        <JudgeModal
          entry={open.entry}
          disputes={open.disputes}
          may={may("JUDGE_DISPUTE")}
          request={request}
          onClose={close}
        />
      )}
      {open?.kind === "REFUSE" && (
        <RefuseModal
          entry={open.entry}
          disputes={open.disputes}
          may={may("REFUSE_DISPUTE")}
          request={request}
          onClose={close}
        />
      )}
    </>
  );
}
