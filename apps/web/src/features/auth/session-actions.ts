import { useMutation, useQueryClient } from "@tanstack/react-query";
import { login, logout } from "./api";
import { SESSION_QUERY_KEY } from "./session";
import type { LoginPayload, SessionUser } from "./types";

// Apart from session.ts (useSession, on every page): only the login page and the authenticated
// layout log in and out, so the mutations stay out of the public first load (issue 18).

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginPayload) => login(payload),
    onSuccess: (user: SessionUser) => {
      client.setQueryData(SESSION_QUERY_KEY, user);
    },
  });
}

/** Ends the session on the server; the caller leaves the authenticated area, then calls `forget`. */
export function useLogout() {
  const client = useQueryClient();
  const mutation = useMutation({ mutationFn: logout });
  const forget = () => {
    // Drop every cached answer of the finished session, then mark the visitor as logged out.
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== "session" && q.queryKey[0] !== "public" });
    client.setQueryData(SESSION_QUERY_KEY, null);
  };
  return { ...mutation, forget };
}
