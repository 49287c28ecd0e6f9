import { useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { routerFlushSync } from "./flush-sync";
import { Providers } from "./Providers";
import { appRoutes } from "./routes";

export function App() {
  const [router] = useState(() => createBrowserRouter(appRoutes()));
  return (
    <Providers>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </Providers>
  );
}
