import {
  canPlanProcesses,
  hasOnlyRestrictedRoles,
  isPlanningHidden,
  type StaffRole,
  type UserKind,
} from "@certame/domain";
import type { AppEnvironment } from "../../api/settings";

export type { AppEnvironment };

/**
 * An entry of the side menu (§2.2): its title, route and submenu. Its icon and secondary icon are
 * the side menu's (menu-icons.ts, by title): the router and the guards read this data in the first
 * bundle, the icons load with the authenticated layout.
 */
export interface MenuItem {
  title: string;
  route: string;
  submenu?: MenuItem[];
}

/** What the filter needs of the logged-in user; a buyer user has its buyer record merged in. */
export interface MenuUser {
  kind: UserKind;
  buyer?: { staffRoles: readonly StaffRole[]; isBuyerAccount?: boolean } | null;
}

const leaf = (title: string, route: string): MenuItem => ({ title, route });

const group = (title: string, route: string, submenu: MenuItem[]): MenuItem => ({ title, route, submenu });

const PUBLISHED_NOTICES = leaf("Editais publicados", "/editais-publicados");
const PUBLISHED_FORMALIZATIONS = leaf("Formalizações publicadas", "/formalizacoes-publicadas");
const AUXILIARY_PROCEDURES = leaf("Procedimentos auxiliares", "/procedimentos-auxiliares");
const MY_NOTICES = leaf("Meus editais", "/meus-editais");
const CLARIFICATIONS = leaf("Esclarecimentos", "/esclarecimentos");
/**
 * The processes page for the planning staff, who do not see 'Cadastrar' (planning §2.1) yet plan the
 * body's processes (issue 15; the server's gate is canPlanProcesses). Same route as 'Criar processo
 * completo', so the route guards let them in.
 */
const PLANNING = leaf("Planejamento", "/cadastrar/processos");
/** The standalone price search: the server's price search routes are the planners' ('planning' rows). */
const PRICE_SEARCH = leaf("Pesquisa de preços", "/pesquisa-precos");
const REGISTRATION_EDITING = leaf("Renovação de cadastro", "/renovacao-de-cadastro");

/** The routes list of each user kind (notices-and-accounts §2.2), before filtering. */
export const MENUS: Record<UserKind, readonly MenuItem[]> = {
  SUPPLIER: [
    PUBLISHED_NOTICES,
    PUBLISHED_FORMALIZATIONS,
    AUXILIARY_PROCEDURES,
    MY_NOTICES,
    CLARIFICATIONS,
    leaf("Empresas apenadas e impedidas", "/empresas-apenadas-e-impedidas"),
    leaf("Documentos de habilitação", "/documentos-de-habilitacao"),
    REGISTRATION_EDITING,
    leaf("Assinaturas", "/assinaturas"),
  ],
  BUYER: [
    PUBLISHED_NOTICES,
    PUBLISHED_FORMALIZATIONS,
    AUXILIARY_PROCEDURES,
    PLANNING,
    group("Cadastrar", "/cadastrar", [
      leaf("Publicar processos", "/cadastrar/editais"),
      leaf("Criar processo completo", "/cadastrar/processos"),
      leaf("Catálogo de produtos", "/cadastrar/produtos"),
      leaf("Catálogo CNBS", "/cadastrar/produtos-cnbs"),
      leaf("Empresas apenadas e impedidas", "/cadastrar/empresas-apenadas-e-impedidas"),
    ]),
    MY_NOTICES,
    CLARIFICATIONS,
    PRICE_SEARCH,
    leaf("Relatórios de acesso", "/relatorios"),
    group("Serviços do PNCP", "/servicos-pncp", [
      leaf("Inserir termos de contrato", "/cadastrar/contratos"),
      leaf("Inserir atas de registro de preços", "/cadastrar/atas"),
      leaf("Inserir plano de contratações anual", "/cadastrar/pca"),
      leaf("Controle de atas e contratos", "/controle-atas-contratos"),
      leaf("Adesão a atas de registro de preços", "/editais-externos"),
      // Issue 19 item 5: the notices sent to the portal (not among the spec's entries; decisions.md).
      leaf("Publicações no PNCP", "/publicacoes-pncp"),
    ]),
    REGISTRATION_EDITING,
  ],
  REGULAR_CITIZEN: [PUBLISHED_NOTICES, PUBLISHED_FORMALIZATIONS, AUXILIARY_PROCEDURES, CLARIFICATIONS],
  ADMIN: [
    PUBLISHED_NOTICES,
    PUBLISHED_FORMALIZATIONS,
    AUXILIARY_PROCEDURES,
    leaf("Análise de cadastros", "/analise-de-cadastros"),
    leaf("Pagamentos", "/pagamentos"),
    leaf("Caixa de saída (desenvolvimento)", "/caixa-de-saida"),
  ],
};

const RESTRICTED_ROLE_HIDDEN_ROUTES = new Set(["/cadastrar", "/renovacao-de-cadastro"]);
/** planning §2.1: hidden on the production host unless PLANNING_IN_PRODUCTION keeps it (the server's rule). */
const PLANNING_HIDDEN_ROUTES = new Set(["/cadastrar/processos"]);
/** The local outbox's page: only where the server keeps mail locally (settings.devOutbox). */
const DEV_OUTBOX_ROUTE = "/caixa-de-saida";

/**
 * The side menu of a user (notices-and-accounts §2.2 "Menu filtering"): the routes list of its kind,
 * without 'Cadastrar' and registration editing for a buyer whose roles are all restricted ones,
 * with 'Planejamento' only for such a buyer who plans processes, without 'create full process' (nor
 * 'Planejamento', the same page) in production unless the server keeps planning there
 * (`planningInProduction`, PLANNING_IN_PRODUCTION; unknown counts as hidden, so it never flashes in),
 * without the price search for who does not plan, and without the dev outbox where mail is really sent.
 * Entries whose submenu ends up empty are dropped.
 */
export function buildMenu(
  user: MenuUser,
  environment: AppEnvironment,
  features: { devOutbox?: boolean; planningInProduction?: boolean } = {},
): MenuItem[] {
  const hidden = new Set<string>();
  // 'Planejamento' shares its route with 'Criar processo completo': it is hidden as an item.
  const hiddenItems = new Set<MenuItem>();
  if (!features.devOutbox) hidden.add(DEV_OUTBOX_ROUTE);
  const staffRoles = user.buyer?.staffRoles ?? [];
  const restricted = user.kind === "BUYER" && hasOnlyRestrictedRoles(staffRoles);
  if (restricted) {
    for (const route of RESTRICTED_ROLE_HIDDEN_ROUTES) hidden.add(route);
  }
  const plans =
    user.kind === "BUYER" &&
    canPlanProcesses({ isBuyerAccount: user.buyer?.isBuyerAccount ?? false, staffRoles });
  if (!restricted || !plans) hiddenItems.add(PLANNING);
  // Support staff and legal advisers alone do not plan (the server refuses them): no entry leads there.
  if (user.kind === "BUYER" && !plans) {
    hidden.add(PLANNING.route);
    hidden.add(PRICE_SEARCH.route);
  }
  if (isPlanningHidden(environment, features.planningInProduction ?? false)) {
    for (const route of PLANNING_HIDDEN_ROUTES) hidden.add(route);
  }
  const prune = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((item): MenuItem[] => {
      if (hidden.has(item.route) || hiddenItems.has(item)) return [];
      if (!item.submenu) return [item];
      const submenu = prune(item.submenu);
      return submenu.length > 0 ? [{ ...item, submenu }] : [];
    });
  return prune(MENUS[user.kind]);
}

/** Every navigable entry of a menu (submenu items included, their groups excluded), in display order. */
export function menuLinks(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.submenu ? menuLinks(item.submenu) : [item]));
}

/** Every route any user kind can reach through the menu, for the router. */
export function allMenuRoutes(): string[] {
  const routes = new Set<string>();
  for (const items of Object.values(MENUS)) for (const item of menuLinks(items)) routes.add(item.route);
  return [...routes];
}

/** The entry (or submenu item) whose route is the current path or one of its ancestors. */
export function isRouteActive(route: string, pathname: string): boolean {
  return pathname === route || pathname.startsWith(`${route}/`);
}
