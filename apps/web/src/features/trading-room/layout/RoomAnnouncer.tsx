import { VisuallyHidden } from "@mantine/core";
import { ANNOUNCEMENT_REGION_LABELS, ANNOUNCEMENT_REGIONS } from "../live/announcements";
import type { AnnouncementTexts } from "../live/useAnnouncements";

/** The room's polite live regions, visually hidden (issue 12 item 3); their texts come from useAnnouncements. */
export function RoomAnnouncer({ texts }: { texts: AnnouncementTexts }) {
  return (
    <VisuallyHidden>
      {ANNOUNCEMENT_REGIONS.map((region) => (
        <div
          key={region}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          aria-label={ANNOUNCEMENT_REGION_LABELS[region]}
          data-announcer={region}
        >
          {texts[region]}
        </div>
      ))}
    </VisuallyHidden>
  );
}
