import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { ApiError } from "../api/client";
import { cssVariablesResolver, theme } from "./theme";

// The toasts' container (and its transitions) is out of the first load (issue 18): it loads with the
// first toast, which waits in the notifications store until it is there.
const NotificationsHost = lazy(async () => ({
  default: (await import("./NotificationsHost")).NotificationsHost,
}));

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [asked, setAsked] = useState(false);
  if (!asked && notifications.length + queue.length > 0) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (4xx) will not change on retry; network and server errors get one more try.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Toasts />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
