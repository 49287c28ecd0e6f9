import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useSession } from "./session";

/** Renders its children for a logged-in user; sends everyone else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) {
    return (
      <Center h="100dvh">
        <Loader role="progressbar" aria-label="Carregando" />
      </Center>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
