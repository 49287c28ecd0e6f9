import { useQuery } from "@tanstack/react-query";
import { apiGet } from "./client";

export type AppEnvironment = "production" | "development" | "test";

export interface PublicSettings {
  environment: AppEnvironment;
  version: string;
  /** Mail stays in the local outbox (no SMTP_URL, not production): staff get its page. */
  devOutbox?: boolean;
  /** PLANNING_IN_PRODUCTION: planning stays in production (planning §2.1; domain isPlanningHidden). */
  planningInProduction?: boolean;
}

export function fetchSettings(): Promise<PublicSettings> {
  return apiGet<PublicSettings>("public/settings");
}

/** The platform settings (environment and version); they do not change while the app is open. */
export function useSettings() {
  return useQuery({
    queryKey: ["public", "settings"],
    queryFn: fetchSettings,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
