import { Center, Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RequireAuth } from "../features/auth/RequireAuth";
import { MenuGuard, NotFoundContent } from "../features/layout/FeaturePages";
import { allMenuRoutes } from "../features/layout/menus";
import { PublicNoticesPage } from "../features/public-notices/pages";
import { PublicLayout } from "../features/public-site/PublicLayout";

/**
 * A page loaded on first visit: only the public shell and the public list (/editais) stay in the
 * first bundle, within its 250 kB gzip (issue 18; `npm run size`); every other page and layout
 * (the login, the static pages, the authenticated shell, the room with its sockets, the wizards
 * with their spreadsheets) comes in a chunk of its own.
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Lazy = lazy(async (): Promise<{ default: ComponentType }> => {
    // The rest of Mantine's styles and the page's module. In this order: the stylesheets are linked
    // as the imports start, and the page's own CSS must come after Mantine's, as in one stylesheet.
    const [, module] = await Promise.all([import("./mantine-styles"), load()]);
    return { default: module[name] };
  });
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="progressbar" aria-label="Carregando" />
          </Center>
        }
      >
        <Lazy />
      </Suspense>
    );
  };
}

const LoginPage = page(() => import("../features/auth/LoginPage"), "LoginPage");
const AppLayout = page(() => import("../features/layout/AppLayout"), "AppLayout");
const MenuEntryPage = page(() => import("../features/layout/FeaturePages"), "MenuEntryPage");
const RoomLayout = page(() => import("../features/trading-room/layout/RoomLayout"), "RoomLayout");
const NoticeDetailPage = page(
  () => import("../features/public-notices/NoticeDetailPage"),
  "NoticeDetailPage",
);
const PublishedNoticesPage = page(() => import("../features/public-notices/pages"), "PublishedNoticesPage");
const PublishedFormalizationsPage = page(
  () => import("../features/public-notices/pages"),
  "PublishedFormalizationsPage",
);
const AuxiliaryProceduresPage = page(
  () => import("../features/public-notices/pages"),
  "AuxiliaryProceduresPage",
);
const AboutUsPage = page(() => import("../features/public-site/StaticPages"), "AboutUsPage");
const AboutPlatformPage = page(() => import("../features/public-site/StaticPages"), "AboutPlatformPage");
const LegislationPage = page(() => import("../features/public-site/StaticPages"), "LegislationPage");
const TutorialsPage = page(() => import("../features/public-site/StaticPages"), "TutorialsPage");
const ContactPage = page(() => import("../features/public-site/StaticPages"), "ContactPage");
const PncpPublicationsPage = page(
  () => import("../features/pncp-publications/PncpPublicationsPage"),
  "PncpPublicationsPage",
);
const DevOutboxPage = page(() => import("../features/dev-outbox/DevOutboxPage"), "DevOutboxPage");
const SignUpPage = page(() => import("../features/accounts/SignUpPage"), "SignUpPage");
const ConfirmEmailPage = page(() => import("../features/accounts/ConfirmEmailPage"), "ConfirmEmailPage");
const ForgotPasswordPage = page(
  () => import("../features/accounts/ForgotPasswordPage"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = page(() => import("../features/accounts/ResetPasswordPage"), "ResetPasswordPage");
const InitialBidsPage = page(() => import("../features/initial-bids/InitialBidsPage"), "InitialBidsPage");
const DocumentsPage = page(() => import("../features/notices/DocumentsPage"), "DocumentsPage");
const LotsPage = page(() => import("../features/notices/LotsPage"), "LotsPage");
const NoticeFormPage = page(() => import("../features/notices/NoticeFormPage"), "NoticeFormPage");
const NoticesPage = page(() => import("../features/notices/NoticesPage"), "NoticesPage");
const WinnersPage = page(() => import("../features/notices/WinnersPage"), "WinnersPage");
const ProcessesPage = page(() => import("../features/processes/ProcessesPage"), "ProcessesPage");
const ProcessAdministrationPage = page(
  () => import("../features/processes/ProcessAdministrationPage"),
  "ProcessAdministrationPage",
);
const DemandFormalizationPage = page(
  () => import("../features/demand-formalization/DemandFormalizationPage"),
  "DemandFormalizationPage",
);
const PreliminaryTechnicalStudyPage = page(
  () => import("../features/preliminary-technical-study"),
  "PreliminaryTechnicalStudyPage",
);
const RiskMatrixPage = page(() => import("../features/risk-matrix"), "RiskMatrixPage");
const BudgetPage = page(() => import("../features/budget"), "BudgetPage");
const PriceSearchPage = page(() => import("../features/price-search"), "PriceSearchPage");
const ReferenceTermPage = page(() => import("../features/reference-term"), "ReferenceTermPage");

/** The planning wizards of a process (planning §2.1 "Process shell"): their route segments. */
const PLANNING_WIZARDS = [
  ["formalizacao-de-demanda", <DemandFormalizationPage key="dfd" />],
  ["estudo-tecnico-preliminar", <PreliminaryTechnicalStudyPage key="etp" />],
  ["gerenciamento-de-risco", <RiskMatrixPage key="risk" />],
  ["orcamento", <BudgetPage key="budget" />],
  ["termo-de-referencia", <ReferenceTermPage key="tr" />],
] as const;
const ProposalSendPage = page(
  () => import("../features/direct-proposals/ProposalSendPage"),
  "ProposalSendPage",
);
const ValuesUpdatePage = page(
  () => import("../features/direct-proposals/ProposalSendPage"),
  "ValuesUpdatePage",
);
const ProposalApprovalPage = page(
  () => import("../features/direct-proposals/ProposalApprovalPage"),
  "ProposalApprovalPage",
);
const ForumPage = page(() => import("../features/direct-proposals/ForumPage"), "ForumPage");
const ProposalResultsPage = page(
  () => import("../features/direct-proposals/ProposalResultsPage"),
  "ProposalResultsPage",
);
const AppealFilePage = page(() => import("../features/direct-appeals/AppealPages"), "AppealFilePage");
const AppealsViewPage = page(() => import("../features/direct-appeals/AppealPages"), "AppealsViewPage");
const MyNoticesPage = page(() => import("../features/my-notices/MyNoticesPage"), "MyNoticesPage");
const ProductsPage = page(() => import("../features/products/ProductsPage"), "ProductsPage");
const RespecifyValuesPage = page(
  () => import("../features/respecify/RespecifyValuesPage"),
  "RespecifyValuesPage",
);
const SupplierRegistrationPage = page(
  () => import("../features/supplier-registration/SupplierRegistrationPage"),
  "SupplierRegistrationPage",
);
const BuyerRegistrationPage = page(
  () => import("../features/buyer-registration/BuyerRegistrationPage"),
  "BuyerRegistrationPage",
);
const RegistrationRenewalPage = page(
  () => import("../features/registration/RegistrationRenewalPage"),
  "RegistrationRenewalPage",
);
const SupplierDocumentsPage = page(
  () => import("../features/supplier-documents/SupplierDocumentsPage"),
  "SupplierDocumentsPage",
);
const RegistrationAnalysisPage = page(
  () => import("../features/registration-analysis/RegistrationAnalysisPage"),
  "RegistrationAnalysisPage",
);
const SubscriptionsPage = page(
  () => import("../features/subscriptions/SubscriptionsPage"),
  "SubscriptionsPage",
);
const PublicPlansPage = page(() => import("../features/subscriptions/PlansSection"), "PublicPlansPage");
const PaymentsConsolePage = page(
  () => import("../features/payments-console/PaymentsConsolePage"),
  "PaymentsConsolePage",
);
const ClarificationPage = page(
  () => import("../features/clarifications/ClarificationPage"),
  "ClarificationPage",
);
const ReportsPage = page(() => import("../features/reports/ReportsPage"), "ReportsPage");
const TradingRoomPage = page(
  () => import("../features/trading-room/layout/TradingRoomPage"),
  "TradingRoomPage",
);

/** Menu routes with a page of their own; every other menu route shows the shared unavailable page. */
const FEATURE_PAGES: Record<string, RouteObject["element"]> = {
  "/editais-publicados": <PublishedNoticesPage />,
  "/formalizacoes-publicadas": <PublishedFormalizationsPage />,
  "/procedimentos-auxiliares": <AuxiliaryProceduresPage />,
  "/cadastrar/editais": <NoticesPage />,
  // 'Criar processo completo' / 'Planejamento' (planning §2.2; issue 15).
  "/cadastrar/processos": <ProcessesPage />,
  "/cadastrar/produtos": <ProductsPage />,
  // 'Meus editais' (issue 19 item 3).
  "/meus-editais": <MyNoticesPage />,
  "/publicacoes-pncp": <PncpPublicationsPage />,
  "/documentos-de-habilitacao": <SupplierDocumentsPage />,
  "/analise-de-cadastros": <RegistrationAnalysisPage />,
  "/assinaturas": <SubscriptionsPage />,
  "/pagamentos": <PaymentsConsolePage />,
  "/renovacao-de-cadastro": <RegistrationRenewalPage />,
  "/caixa-de-saida": <DevOutboxPage />,
  // Clarifications and challenges (issue 19 item 1): the body's requests to answer, a requester's own.
  "/esclarecimentos": <ClarificationPage />,
  // The buyer's reports (§2.16; issue 19 item 4).
  "/relatorios": <ReportsPage />,
  // 'Pesquisa de preços' (planning §2.1, §2.9; issue 35 item 4).
  "/pesquisa-precos": <PriceSearchPage />,
};

/** Pages of the notice wizard below /cadastrar/editais (§2.5–§2.8). */
const NOTICE_WIZARD_ROUTES: RouteObject[] = [
  {
    path: "cadastrar/editais/formulario",
    element: (
      <MenuGuard route="/cadastrar/editais">
        <NoticeFormPage />
      </MenuGuard>
    ),
  },
  {
    path: "cadastrar/editais/:id/formulario",
    element: (
      <MenuGuard route="/cadastrar/editais">
        <NoticeFormPage />
      </MenuGuard>
    ),
  },
  {
    path: "cadastrar/editais/:id/lotes-do-edital",
    element: (
      <MenuGuard route="/cadastrar/editais">
        <LotsPage />
      </MenuGuard>
    ),
  },
  {
    path: "cadastrar/editais/:id/vencedores-do-edital",
    element: (
      <MenuGuard route="/cadastrar/editais">
        <WinnersPage />
      </MenuGuard>
    ),
  },
  {
    path: "cadastrar/editais/:id/documentos-do-edital",
    element: (
      <MenuGuard route="/cadastrar/editais">
        <DocumentsPage />
      </MenuGuard>
    ),
  },
];

export function appRoutes(): RouteObject[] {
  return [
    {
      // The trading room (trading-room §2.1): for logged-in users and, read-only, for visitors.
      element: <RoomLayout />,
      children: [{ path: "sala-de-negociacao/:id", element: <TradingRoomPage /> }],
    },
    {
      element: <PublicLayout />,
      children: [
        { index: true, element: <Navigate to="/editais" replace /> },
        { path: "editais", element: <PublicNoticesPage /> },
        { path: "detalhes-do-edital/:id", element: <NoticeDetailPage /> },
        { path: "quem-somos", element: <AboutUsPage /> },
        { path: "sobre-a-plataforma", element: <AboutPlatformPage /> },
        { path: "legislacao-e-regulamentos", element: <LegislationPage /> },
        { path: "tutoriais", element: <TutorialsPage /> },
        { path: "contato", element: <ContactPage /> },
        // The plans for visitors: the public mode of /assinaturas (§2.15; issue 14).
        { path: "planos", element: <PublicPlansPage /> },
        { path: "login", element: <LoginPage /> },
        // Sign-up and the one-time e-mail links (issue 13).
        { path: "cadastro", element: <SignUpPage /> },
        { path: "confirmar-email", element: <ConfirmEmailPage /> },
        { path: "esqueci-minha-senha", element: <ForgotPasswordPage /> },
        { path: "redefinir-senha", element: <ResetPasswordPage /> },
        { path: "definir-senha", element: <ResetPasswordPage /> },
        { path: "*", element: <NotFoundContent /> },
      ],
    },
    {
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      children: [
        ...allMenuRoutes().map((route) => ({
          path: route.slice(1),
          element: FEATURE_PAGES[route] ? <MenuGuard>{FEATURE_PAGES[route]}</MenuGuard> : <MenuEntryPage />,
        })),
        ...NOTICE_WIZARD_ROUTES,
        // A process's administration (planning §2.3), for whoever has the processes entry in its menu.
        {
          path: "cadastrar/processos/:id/edicao",
          element: (
            <MenuGuard route="/cadastrar/processos">
              <ProcessAdministrationPage />
            </MenuGuard>
          ),
        },
        ...PLANNING_WIZARDS.map(([segment, element]) => ({
          path: `cadastrar/processos/:id/${segment}`,
          element: <MenuGuard route="/cadastrar/processos">{element}</MenuGuard>,
        })),
        // The public body's accreditation wizard (§2.11; issue 13).
        { path: "cadastro-de-orgao", element: <BuyerRegistrationPage /> },
        // The supplier's own registration (§2.12; issue 13).
        { path: "cadastro-de-fornecedor", element: <SupplierRegistrationPage /> },
        // Clarifications and challenges of a notice (§2.3; Lei 14.133 art. 164; issue 19 item 1).
        ...[
          "solicitar-esclarecimentos",
          "impugnar",
          "visualizar-esclarecimentos",
          "visualizar-impugnacoes",
        ].map((segment) => ({ path: `${segment}/:id`, element: <ClarificationPage /> })),
        // The supplier's initial bids (trading-room §2.8).
        { path: "sala-de-negociacao/:id/cadastro-de-lances-iniciais", element: <InitialBidsPage /> },
        // The direct procedures' proposals (§2.3 DIRECT_* cards; issue 19 item 2).
        { path: "procedimentos-auxiliares/:id/cadastro-de-proposta", element: <ProposalSendPage /> },
        { path: "procedimentos-auxiliares/:id/pedidos-em-andamento", element: <ValuesUpdatePage /> },
        { path: "procedimentos-auxiliares/:id/aprovar-propostas", element: <ProposalApprovalPage /> },
        { path: "procedimentos-auxiliares/:id/resultados", element: <ProposalResultsPage /> },
        // Their appeals (§2.3 DIRECT_ACCREDITATION and DIRECT_PRE_QUALIFICATION cards; art. 165).
        { path: "interpor-recurso/:id", element: <AppealFilePage /> },
        { path: "visualizar-recursos/:id", element: <AppealsViewPage /> },
        // Their message forum (§2.3 '/forum-de-mensagens', signed-in users).
        { path: "forum-de-mensagens/:id", element: <ForumPage /> },
        // The winner's split of multi-item lots into item values (trading-room §2.3).
        { path: "sala-de-negociacao/:id/dividir-valores-dos-lotes", element: <RespecifyValuesPage /> },
      ],
    },
  ];
}
