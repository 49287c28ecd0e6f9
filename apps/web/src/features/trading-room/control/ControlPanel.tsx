import {
  controlPanelBid,
  formatBRL,
  formatPercent,
  formatQuantityBR,
  isNewModality,
  LIVE_EVENTS,
  type LotPhase,
  NOTICE_STATUS_LABELS,
  showsQuantityAndTotal,
} from "@certame/domain";
import { Button, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { MoneyInput } from "../../../ui/inputs/MoneyInput";
import { PercentInput } from "../../../ui/inputs/PercentInput";
import { ConfirmModal } from "../../../ui/modal/ConfirmModal";
import { notifyError } from "../../../ui/notify";
import { AppealActions } from "../appeals/AppealActions";
import { AwardActions } from "../award/AwardActions";
import {
  bidModeOf,
  bidPayload,
  deletableOwnBid,
  formatBidValue,
  formatInputValue,
  lotDecimals,
  negotiationConfirmText,
} from "../bids/bid-input";
import { useBidSubmission } from "../bids/useBidSubmission";
import { PhasePill, phaseLabel } from "../layout/PhasePill";
import { fetchLotPhases } from "../live/api";
import { criterionOf, headLots, noticeStatusOf, type RoomState, selectedLot } from "../live/room-state";
import { useRoomAction } from "../modal/useRoomAction";
import { allowed, maySendBid } from "../room-permissions";
import { ROOM_TEXTS } from "../texts";
import type { RoomLot } from "../types";
import {
  DiscloseReferencePriceModal,
  LotControlModal,
  ManagePanelModal,
  manageControls,
  type RequestAction,
} from "./ControlModals";
import { CONTROL_TEXTS, LOT_CONTROLS, type LotControl } from "./control-actions";
import { PhaseMoveModal } from "./PhaseMoveModal";
import { nextPhasePayload, regressPayload } from "./phase-moves";
import { RecreateReportsButton } from "./RecreateReportsButton";

/** The bid input's id: the room's skip link leads to it (issue 12 item 3). */
export const BID_INPUT_ID = "novo-lance";

function Row({ label, value, colour }: { label: string; value: string; colour?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={colour} ta="right">
        {value}
      </Text>
    </Group>
  );
}

export interface ControlPanelProps {
  state: RoomState;
  now: Date;
  send: (event: string, data: unknown) => boolean;
  /** Sends a control event and waits for the server's answer. */
  request: RequestAction;
}

interface MoveState {
  kind: "NEXT" | "PREVIOUS";
  phases: LotPhase[];
  lot: RoomLot;
}

/** 'Painel de controle' (§2.3): phase banner, values, the bid input and the auctioneer's phase moves. */
export function ControlPanel({ state, now, send, request }: ControlPanelProps) {
  const [value, setValue] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [move, setMove] = useState<MoveState | null>(null);
  const [managing, setManaging] = useState(false);
  const [control, setControl] = useState<{ control: LotControl; lot: RoomLot } | null>(null);
  const [disclosing, setDisclosing] = useState(false);
  const moveLoad = useRoomAction();
  const notice = state.notice;
  const lot = selectedLot(state);
  // A refused bid's value goes back only into the lot it was typed for, and only if the user has
  // not typed another meanwhile (issue 22 review).
  const shownLot = useRef<string | null>(null);
  shownLot.current = lot?.id ?? null;
  const giveBack = (lotId: string, typed: number | null) => {
    if (shownLot.current === lotId) setValue((current) => current ?? typed);
  };
  const bidding = useBidSubmission({
    state,
    lot,
    mode: bidModeOf(criterionOf(notice)),
    decimals: lotDecimals(lot),
    request,
  });

  // §4 OPEN_MODAL_AUCTIONEER opens the advance dialog for a buyer user whose role is not plain BUYER.
  const openRequests = useRef(state.openNextPhaseRequests);
  const openNext = useRef<() => void>(() => {});
  useEffect(() => {
    if (state.openNextPhaseRequests === openRequests.current) return;
    openRequests.current = state.openNextPhaseRequests;
    if (state.user?.kind === "BUYER" && state.role !== "BUYER") openNext.current();
  }, [state.openNextPhaseRequests, state.user?.kind, state.role]);

  // Issue 12 item 3: when a bid confirmation (either dialog) closes, the focus is back on the bid input.
  const confirmOpen = confirming || bidding.modal !== null;
  const wasConfirmOpen = useRef(false);
  useEffect(() => {
    if (wasConfirmOpen.current && !confirmOpen) document.getElementById(BID_INPUT_ID)?.focus();
    wasConfirmOpen.current = confirmOpen;
  }, [confirmOpen]);

  if (!notice || !lot) return null;

  const status = notice.effectiveStatus ?? noticeStatusOf(notice);
  const criterion = criterionOf(notice);
  const mode = bidModeOf(criterion);
  const decimals = lotDecimals(lot);
  const shown = controlPanelBid(state.role) === "OWN_BID" ? lot.supplierBestBid : lot.batchBestBid;
  const shownLabel =
    controlPanelBid(state.role) === "OWN_BID"
      ? mode === "DISCOUNT"
        ? ROOM_TEXTS.discountedValue
        : ROOM_TEXTS.currentBid
      : mode === "DISCOUNT"
        ? ROOM_TEXTS.bestDiscountedValue
        : ROOM_TEXTS.bestBid;
  const canBid = maySendBid(state, now);
  const payload = bidPayload(lot.id, mode, value, decimals);
  const ownDeletable =
    state.role === "ENABLED_SUPPLIER" && isNewModality(notice.modality) && lot.phase === "BIDDING"
      ? deletableOwnBid(state.bids, now)
      : null;
  const reference = lot.referencePrice ?? null;
  const best = lot.batchBestBid?.unitPrice ?? null;
  const variation = reference !== null && best !== null && mode === "PRICE" ? reference - best : null;
  const items = notice.batches.filter((b) => b.number === lot.number);

  const submit = () => {
    if (!payload || !canBid) return;
    if (lot.phase === "NEGOTIATION") {
      setConfirming(true);
      return;
    }
    // §5: the input is cleared after sending; a refused bid (the server away, a rule) gives the
    // typed value back, unless the user has typed another meanwhile.
    const typed = value;
    bidding.submit(
      payload,
      () => setValue(null),
      () => giveBack(lot.id, typed),
    );
  };

  const openMove = (kind: "NEXT" | "PREVIOUS", target: RoomLot = lot) =>
    moveLoad.run(async () => {
      try {
        const info = await fetchLotPhases(target.id);
        setMove({ kind, phases: kind === "NEXT" ? info.nextPhase : info.previousPhase, lot: target });
      } catch {
        notifyError(undefined, ROOM_TEXTS.phasesLoadError);
      }
    });

  const canManage = allowed(state, "SHOW_MANAGE_BUYER_PANEL", now);
  const canResumeProcess = allowed(state, "UNSUSPEND_BATCH", now);
  const canDisclose = allowed(state, "SHOW_REFERENCE_PRICE_UPDATE", now);

  openNext.current = () => {
    if (allowed(state, "GO_TO_NEXT_BATCH_PHASE", now)) void openMove("NEXT");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={ROOM_TEXTS.controlPanel}>
      <Stack gap="xs">
        <Title order={2} fz="md">
          {ROOM_TEXTS.controlPanel}
        </Title>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            Lote {lot.number}
          </Text>
          <PhasePill
            lot={lot}
            status={status}
            closingKind={notice.closingKind}
            now={now}
            withBar
            timeScale={state.timeScale}
          />
        </Group>
        {status !== notice.status && status !== "ONGOING" && status !== "PUBLISHED" && (
          <Text size="xs" c="dimmed">
            {NOTICE_STATUS_LABELS[status]}
          </Text>
        )}
        <Divider />
        {mode === "DISCOUNT" && (
          <Row label={ROOM_TEXTS.discount} value={formatBidValue(shown, "DISCOUNT", 2)} />
        )}
        <Row label={shownLabel} value={formatBidValue(shown, mode, mode === "DISCOUNT" ? 4 : decimals)} />
        {allowed(state, "SHOW_REFERENCE_PRICE", now) && reference !== null && (
          <Row label={ROOM_TEXTS.referencePrice} value={formatBRL(reference, decimals)} />
        )}
        {allowed(state, "SHOW_CURRENT_VARIATION", now) && variation !== null && reference && (
          <>
            <Row
              label={ROOM_TEXTS.currentVariation}
              value={formatBRL(variation, decimals)}
              colour={variation < 0 ? "red.9" : undefined}
            />
            <Row
              label={ROOM_TEXTS.percentVariation}
              value={formatPercent((variation / reference) * 100, 2)}
              colour={variation < 0 ? "red.9" : undefined}
            />
          </>
        )}
        {showsQuantityAndTotal(state.role, { offerKind: notice.offerKind, hasManyItems: items.length > 1 }) &&
          lot.quantity != null && (
            <>
              <Row label={ROOM_TEXTS.quantity} value={formatQuantityBR(lot.quantity)} />
              {best !== null && (
                <Row
                  label={ROOM_TEXTS.totalValue}
                  value={formatBRL(Math.round(best * lot.quantity), decimals)}
                />
              )}
            </>
          )}
        <Row
          label={ROOM_TEXTS.minimumVariation}
          value={
            mode === "DISCOUNT"
              ? formatPercent(lot.percentMinimumVariation ?? 0, 2)
              : formatBRL(lot.minimumVariation ?? 0, decimals)
          }
        />
        {allowed(state, "SEND_BIDS_IN_BATCH", now) && (
          <>
            <Divider />
            <Group gap="xs" wrap="nowrap" align="flex-end">
              {mode === "DISCOUNT" ? (
                <PercentInput
                  label="Novo lance"
                  id={BID_INPUT_ID}
                  value={value}
                  onChange={setValue}
                  decimals={decimals}
                  disabled={!canBid}
                  onKeyDown={onKeyDown}
                  style={{ flex: 1 }}
                />
              ) : (
                <MoneyInput
                  label="Novo lance"
                  id={BID_INPUT_ID}
                  value={value}
                  onChange={setValue}
                  decimals={decimals}
                  disabled={!canBid}
                  onKeyDown={onKeyDown}
                  style={{ flex: 1 }}
                />
              )}
              <Button onClick={submit} disabled={!payload || !canBid}>
                {ROOM_TEXTS.send}
              </Button>
            </Group>
          </>
        )}
        {ownDeletable && (
          <Button
            variant="light"
            color="red"
            onClick={() => send(LIVE_EVENTS.cancelBidBySupplier, { batchId: lot.id })}
          >
            {`${ROOM_TEXTS.cancelOwnBid} (${ownDeletable.secondsLeft}s)`}
          </Button>
        )}
        <AppealActions state={state} now={now} request={request} />
        <AwardActions state={state} now={now} request={request} />
        {(allowed(state, "GO_TO_PREVIOUS_BATCH_PHASE", now) ||
          allowed(state, "GO_TO_NEXT_BATCH_PHASE", now)) && (
          <>
            <Divider />
            <Stack gap="xs">
              {allowed(state, "GO_TO_PREVIOUS_BATCH_PHASE", now) && (
                <Button variant="default" onClick={() => openMove("PREVIOUS")} loading={moveLoad.busy}>
                  {ROOM_TEXTS.previousPhase}
                </Button>
              )}
              {allowed(state, "GO_TO_NEXT_BATCH_PHASE", now) && (
                <Button onClick={() => openMove("NEXT")} loading={moveLoad.busy}>
                  {ROOM_TEXTS.nextPhase}
                </Button>
              )}
            </Stack>
          </>
        )}
        {(canManage || canResumeProcess || canDisclose) && (
          <>
            <Divider />
            <Stack gap="xs">
              {canManage && (
                <Button variant="light" onClick={() => setManaging(true)}>
                  {CONTROL_TEXTS.manageButton}
                </Button>
              )}
              {canResumeProcess && (
                <Button color="green" onClick={() => setControl({ control: "UNSUSPEND", lot })}>
                  {CONTROL_TEXTS.resumeProcess}
                </Button>
              )}
              {canDisclose && (
                <Button variant="light" onClick={() => setDisclosing(true)}>
                  {CONTROL_TEXTS.discloseReferencePrice}
                </Button>
              )}
            </Stack>
          </>
        )}
      </Stack>
      {confirming && payload && (
        <ConfirmModal
          opened
          title={ROOM_TEXTS.newBidTitle}
          confirmLabel="Confirmar"
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            const typed = value;
            setValue(null);
            void bidding.place(payload).then((answer) => {
              if (!answer.ok && !answer.unknown) giveBack(lot.id, typed);
            });
          }}
        >
          {negotiationConfirmText(
            formatBidValue(lot.supplierBestBid, mode, decimals),
            formatInputValue(payload.value, mode, decimals),
          )}
        </ConfirmModal>
      )}
      {bidding.modal}
      {move && (
        <PhaseMoveModal
          kind={move.kind}
          notice={notice}
          lot={move.lot}
          phases={move.phases}
          onClose={() => setMove(null)}
          onConfirm={async (input) => {
            const lots = headLots(notice);
            // The modal stays open on a refusal (e.g. an appeal date before the legal term) to be corrected.
            const answer =
              move.kind === "NEXT"
                ? await request(LIVE_EVENTS.goToNextPhase, nextPhasePayload(notice, lots, move.lot, input))
                : await request(LIVE_EVENTS.regressPhase, regressPayload(notice, lots, move.lot, input));
            if (answer.ok) setMove(null);
          }}
        />
      )}
      {managing && (
        <ManagePanelModal
          lots={headLots(notice)}
          initialLotId={lot.id}
          controlsFor={(target) =>
            manageControls((c) => allowed(state, LOT_CONTROLS[c].permission, now, target))
          }
          movesFor={(target) => ({
            previous: allowed(state, "GO_TO_PREVIOUS_BATCH_PHASE", now, target),
            next: allowed(state, "GO_TO_NEXT_BATCH_PHASE", now, target),
          })}
          phaseLabel={(target) => phaseLabel(target, status, notice.closingKind, now, state.timeScale).label}
          onControl={(c, target) => {
            setManaging(false);
            setControl({ control: c, lot: target });
          }}
          onMove={(kind, target) => {
            setManaging(false);
            void openMove(kind, target);
          }}
          onClose={() => setManaging(false)}
          processActions={
            allowed(state, "RECREATE_REPORTS", now) ? (
              <RecreateReportsButton noticeId={notice.id} request={request} />
            ) : undefined
          }
        />
      )}
      {control && (
        <LotControlModal
          control={control.control}
          noticeId={notice.id}
          modality={notice.modality}
          lot={control.lot}
          request={request}
          onClose={() => setControl(null)}
        />
      )}
      {disclosing && (
        <DiscloseReferencePriceModal
          noticeId={notice.id}
          lot={lot}
          request={request}
          onClose={() => setDisclosing(false)}
        />
      )}
    </Paper>
  );
}
