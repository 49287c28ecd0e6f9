import { Notifications } from "@mantine/notifications";

/** Where the toasts show; in a chunk of its own (Providers.tsx), out of the first load. */
export function NotificationsHost() {
  return <Notifications position="top-right" limit={4} />;
}
