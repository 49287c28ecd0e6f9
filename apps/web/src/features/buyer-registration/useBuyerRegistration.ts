import { hasOnlyRestrictedRoles } from "@certame/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SESSION_QUERY_KEY, useSession } from "../auth/session";
import { type BuyerRegistrationView, readOwnBuyer } from "./api";

export const BUYER_REGISTRATION_KEY = ["buyer-registration", "own"] as const;

/**
 * The active user's body as the wizard reads it (app/buyer/read), and who the user is for it: a
 * BUYER user without a body yet (the registrant) or one who may edit it (§2.2: not the restricted
 * profiles, unless the user is the body's account or its competent authority).
 */
export function useBuyerRegistration() {
  const { user, isLoading: sessionLoading } = useSession();
  const client = useQueryClient();
  const buyer = user?.buyer ?? null;
  const query = useQuery({
    queryKey: [...BUYER_REGISTRATION_KEY, buyer ? String(buyer.id) : "none"],
    queryFn: readOwnBuyer,
    enabled: Boolean(buyer),
  });
  const restricted = Boolean(
    buyer &&
      !buyer.isBuyerAccount &&
      !buyer.isCompetentAuthority &&
      hasOnlyRestrictedRoles(buyer.staffRoles ?? []),
  );
  /** After a change: the body again, and the session (the user's body and its status live there too). */
  const refresh = async (saved?: BuyerRegistrationView) => {
    if (saved) client.setQueryData([...BUYER_REGISTRATION_KEY, String(saved.id)], saved);
    await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await client.invalidateQueries({ queryKey: BUYER_REGISTRATION_KEY });
  };
  return {
    user,
    isBuyerUser: user?.kind === "BUYER",
    restricted,
    view: buyer ? (query.data ?? null) : null,
    loading: sessionLoading || (Boolean(buyer) && query.isPending),
    failed: query.isError,
    refresh,
  };
}
