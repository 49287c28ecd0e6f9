import { useLocation } from "react-router";
import { ChallengeRequestPage, ClarificationRequestPage } from "./ClarificationRequestPage";
import { ClarificationsInboxPage } from "./ClarificationsInboxPage";
import { ChallengesViewPage, ClarificationsViewPage } from "./ClarificationsViewPage";

/**
 * The clarifications' pages in one lazy chunk, chosen by the path's first segment (each route of the
 * router costs the first bundle of /editais, which is full): /esclarecimentos and the notice's four
 * pages of §2.3's submenu, /solicitar-esclarecimentos/:id, /impugnar/:id,
 * /visualizar-esclarecimentos/:id and /visualizar-impugnacoes/:id.
 */
export function ClarificationPage() {
  const segment = useLocation().pathname.split("/")[1];
  if (segment === "esclarecimentos") return <ClarificationsInboxPage />;
  if (segment === "impugnar") return <ChallengeRequestPage />;
  if (segment === "visualizar-esclarecimentos") return <ClarificationsViewPage />;
  if (segment === "visualizar-impugnacoes") return <ChallengesViewPage />;
  return <ClarificationRequestPage />;
}
