import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { beep, ownTieCalls, showBrowserNotification, tieCallKey } from "../live/room-alerts";
import { formatClock, remainingSeconds } from "../live/room-clock";
import { criterionOf, type RoomState } from "../live/room-state";
import { LIVE_TEXTS } from "../texts";
import type { RoomLot } from "../types";
import { bidModeOf, formatBidValue, lotDecimals } from "./bid-input";

function Banner({
  state,
  lot,
  now,
  onSelectLot,
}: {
  state: RoomState;
  lot: RoomLot;
  now: Date;
  onSelectLot: (lotId: string) => void;
}) {
  const headingId = useId();
  const mode = bidModeOf(criterionOf(state.notice));
  const value = formatBidValue(lot.batchBestBid, mode, mode === "DISCOUNT" ? 2 : lotDecimals(lot));
  const left = remainingSeconds(lot, now);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-orange-light)"
      style={{ borderColor: "var(--mantine-color-orange-7)", borderWidth: 2 }}
      data-testid="tie-break-banner"
    >
      <Stack gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          {LIVE_TEXTS.tieTitle(lot.number)}
        </Title>
        <Text size="sm">{LIVE_TEXTS.tieBody(state.anonymousNumber as number)}</Text>
        <Group gap="xl" wrap="wrap" align="flex-end">
          <Stack gap={0}>
            <Text size="xs">{LIVE_TEXTS.tieValue}</Text>
            <Text fw={700} fz="xl">
              {value}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs">{LIVE_TEXTS.tieTimeLeft}</Text>
            <Text fw={700} fz="xl" ff="monospace" c={left !== null && left < 60 ? "red.9" : undefined}>
              {left === null ? "-" : formatClock(left)}
            </Text>
          </Stack>
          {lot.id !== state.selectedLotId && (
            <Button color="orange.9" onClick={() => onSelectLot(lot.id)}>
              {LIVE_TEXTS.tieGoToLot(lot.number)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The called ME/EPP's banner (issue 12 item 2; LC 123/2006 arts. 44–45): shown only to the supplier
 * whose anonymous number the lot's tie call names, with the value to beat (the lot's best bid) and
 * the call's own countdown on the server clock. Others see nothing here (the chat and the
 * announcer tell them).
 */
export function TieBreakBanner({
  state,
  now,
  onSelectLot,
  sound,
}: {
  state: RoomState;
  now: Date;
  onSelectLot: (lotId: string) => void;
  /** The opt-in 'Avisar com som': a beep and a browser notification on a new call. */
  sound: boolean;
}) {
  const calls = ownTieCalls(state);
  useTieCallAlert(calls, sound);
  if (calls.length === 0) return null;
  return (
    <Stack gap="xs">
      {calls.map((lot) => (
        <Banner key={lot.id} state={state} lot={lot} now={now} onSelectLot={onSelectLot} />
      ))}
    </Stack>
  );
}

/** Beeps and notifies once per new call of the user, when the option is on. */
function useTieCallAlert(calls: RoomLot[], sound: boolean) {
  const seen = useRef(new Set<string>());
  const keys = calls.map((l) => `${tieCallKey(l)}#${l.number}`).join("|");
  useEffect(() => {
    const current = keys ? keys.split("|") : [];
    const fresh = current.filter((k) => !seen.current.has(k));
    for (const k of fresh) seen.current.add(k);
    if (!sound || fresh.length === 0) return;
    beep();
    const lot = Number(fresh[0]?.split("#")[1]);
    showBrowserNotification(LIVE_TEXTS.notificationTitle, LIVE_TEXTS.notificationBody(lot));
  }, [keys, sound]);
}
