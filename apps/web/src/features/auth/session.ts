import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchMe, login, logout } from "./api";
import type { LoginPayload, SessionUser } from "./types";

export const SESSION_QUERY_KEY = ["session", "me"] as const;

/** The session user: loaded once with `me`; null when logged out. */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

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
