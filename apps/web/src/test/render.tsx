import { MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { routerFlushSync } from "../app/flush-sync";
import { theme as appTheme } from "../app/theme";

// Collapses (submenus) open and close at once in tests: the test DOM fires no transition events.
// Without Mantine's global classes (withGlobalClasses below): happy-dom applies their media queries to
// its own window size, so `hiddenFrom`/`visibleFrom` would hide one of the desktop and phone controls
// by the DOM's size; a test chooses the phone by stubbing matchMedia (test/setup.ts).
const theme = mergeThemeOverrides(appTheme, {
  components: { Collapse: { defaultProps: { transitionDuration: 0 } } },
});

export function renderWithMantine(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <MantineProvider theme={theme} env="test" withGlobalClasses={false}>
        <Notifications />
        {children}
      </MantineProvider>
    ),
  });
}

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders routes inside the app providers, starting at `path`. */
export function renderRoutes(
  routes: Parameters<typeof createMemoryRouter>[0],
  path: string,
  client: QueryClient = newQueryClient(),
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <MantineProvider theme={theme} env="test" withGlobalClasses={false}>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} flushSync={routerFlushSync} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, client };
}
