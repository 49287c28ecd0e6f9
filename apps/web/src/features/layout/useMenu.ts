import { useSettings } from "../../api/settings";
import { useSession } from "../auth/session";
import { buildMenu, type MenuItem } from "./menus";

/**
 * The side menu of the session user. Until the settings arrive the environment is taken as
 * production, so an item hidden there never flashes in.
 */
export function useMenu(): MenuItem[] {
  const { user } = useSession();
  const settings = useSettings();
  if (!user) return [];
  return buildMenu(user, settings.data?.environment ?? "production", {
    devOutbox: settings.data?.devOutbox ?? false,
    planningInProduction: settings.data?.planningInProduction ?? false,
  });
}
