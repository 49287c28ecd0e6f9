import {
  type BiddingSubPhase,
  type ClosingKind,
  displayedLotPhase,
  LOT_PHASE_LABELS,
  NOTICE_STATUS_LABELS,
  type NoticeStatus,
} from "@certame/domain";
import { Badge, Group, Progress, Stack, Text } from "@mantine/core";
import { formatClock, phaseProgress, remainingSeconds, shownSubPhase } from "../live/room-clock";
import type { RoomLot } from "../types";

/** Labels of the bidding sub-phases (trading-room §4). */
export const SUB_PHASE_LABELS: Record<BiddingSubPhase, string> = {
  DEFAULT_BIDDING_PHASE: "Disputa de lances",
  SECRET_BIDDING_PHASE: "Fase de lance fechado",
  LASS_THAN_TWO_MINUTES: "Disputa: menos de 2 minutos",
  LASS_THAN_ONE_MINUTE: "Disputa: menos de 1 minuto",
};

const SUB_PHASE_COLOURS: Record<BiddingSubPhase, string> = {
  DEFAULT_BIDDING_PHASE: "green",
  SECRET_BIDDING_PHASE: "grape",
  LASS_THAN_TWO_MINUTES: "yellow",
  LASS_THAN_ONE_MINUTE: "red",
};

/** The phase a lot shows: the masking notice status, the bidding sub-phase, or the phase's label. */
export function phaseLabel(
  lot: RoomLot,
  status: NoticeStatus,
  closingKind: ClosingKind | null | undefined,
  now: Date,
  timeScale = 1,
): { label: string; colour: string } {
  const shown = displayedLotPhase(status, lot.phase);
  if (shown !== lot.phase) return { label: NOTICE_STATUS_LABELS[shown as NoticeStatus], colour: "gray" };
  if (lot.phase === "BIDDING") {
    const sub = shownSubPhase(lot, closingKind, now, timeScale);
    return { label: SUB_PHASE_LABELS[sub], colour: SUB_PHASE_COLOURS[sub] };
  }
  if (lot.phase === "TIEBREAKER") return { label: LOT_PHASE_LABELS.TIEBREAKER, colour: "orange" };
  if (lot.phase === "NEGOTIATION") return { label: LOT_PHASE_LABELS.NEGOTIATION, colour: "orange" };
  return { label: LOT_PHASE_LABELS[lot.phase], colour: "blue" };
}

/** The phase pill with its live timer and, when a deadline runs, the progress bar (§2.2). */
export function PhasePill({
  lot,
  status,
  closingKind,
  now,
  withBar = false,
  timeScale = 1,
}: {
  lot: RoomLot;
  status: NoticeStatus;
  closingKind: ClosingKind | null | undefined;
  now: Date;
  withBar?: boolean;
  /** The server's AUCTION_TIME_SCALE (§9 durations are the engine's). */
  timeScale?: number;
}) {
  const { label, colour } = phaseLabel(lot, status, closingKind, now, timeScale);
  const masked = displayedLotPhase(status, lot.phase) !== lot.phase;
  const left = masked ? null : remainingSeconds(lot, now);
  const progress = withBar && !masked ? phaseProgress(lot, closingKind, now, timeScale) : null;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <Badge
          color={colour}
          // Dark text on the colour's tint: the light badge's own shades read under 4.5:1 (axe color-contrast).
          c="gray.9"
          variant="light"
          radius="sm"
          h="auto"
          py={2}
          styles={{
            root: { textTransform: "none", maxWidth: "none" },
            label: { whiteSpace: "normal", overflow: "visible" },
          }}
        >
          {label}
        </Badge>
        {left !== null && (
          <Text
            size="xs"
            ff="monospace"
            aria-label="Tempo restante"
            c={left < 60 * timeScale ? "red.9" : undefined}
          >
            {formatClock(left)}
          </Text>
        )}
      </Group>
      {progress && (
        <Progress
          value={progress.percent}
          color={progress.colour}
          size="sm"
          aria-label="Progresso da fase"
          transitionDuration={0}
        />
      )}
    </Stack>
  );
}
