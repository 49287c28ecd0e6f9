import { useQuery } from "@tanstack/react-query";
import { fetchMe } from "./api";

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
