import { Badge, Group, Switch } from "@mantine/core";
import { askNotificationPermission, writeSoundPreference } from "../live/room-alerts";
import { LIVE_TEXTS } from "../texts";

/**
 * A supplier's own line in the room header (issue 12 item 2): its anonymous number in the
 * notice, as every bid and chat line names it, and the opt-in 'Avisar com som'.
 */
export function SupplierRoomBar({
  anonymousNumber,
  sound,
  onSound,
}: {
  anonymousNumber: number | null;
  sound: boolean;
  onSound: (on: boolean) => void;
}) {
  if (anonymousNumber === null) return null;
  return (
    <Group gap="md" wrap="wrap">
      <Badge size="lg" variant="filled" color="certame" style={{ textTransform: "none" }}>
        {LIVE_TEXTS.ownNumber(anonymousNumber)}
      </Badge>
      <Switch
        label={LIVE_TEXTS.soundSwitch}
        title={LIVE_TEXTS.soundHint}
        checked={sound}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          writeSoundPreference(on);
          if (on) askNotificationPermission();
          onSound(on);
        }}
        maw={360}
      />
    </Group>
  );
}
