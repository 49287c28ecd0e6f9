import { Navigate, type RouteObject } from "react-router";
import { LoginPage } from "../features/auth/LoginPage";
import { RequireAuth } from "../features/auth/RequireAuth";
import { InitialBidsPage } from "../features/initial-bids/InitialBidsPage";
import { AppLayout } from "../features/layout/AppLayout";
import { MenuEntryPage, MenuGuard, NotFoundContent } from "../features/layout/FeaturePages";
import { allMenuRoutes } from "../features/layout/menus";
import { DocumentsPage } from "../features/notices/DocumentsPage";
import { LotsPage } from "../features/notices/LotsPage";
import { NoticeFormPage } from "../features/notices/NoticeFormPage";
import { NoticesPage } from "../features/notices/NoticesPage";
import { WinnersPage } from "../features/notices/WinnersPage";
import { ProductsPage } from "../features/products/ProductsPage";
import {
  AuxiliaryProceduresPage,
  PublicNoticesPage,
  PublishedFormalizationsPage,
  PublishedNoticesPage,
} from "../features/public-notices/pages";
import { PublicLayout } from "../features/public-site/PublicLayout";
import {
  AboutPlatformPage,
  AboutUsPage,
  ContactPage,
  LegislationPage,
  TutorialsPage,
} from "../features/public-site/StaticPages";
import { SupplierDocumentsPage } from "../features/supplier-documents/SupplierDocumentsPage";
import { RoomLayout } from "../features/trading-room/RoomLayout";
import { TradingRoomPage } from "../features/trading-room/TradingRoomPage";

/** Menu routes with a page of their own; every other menu route shows the shared unavailable page. */
const FEATURE_PAGES: Record<string, RouteObject["element"]> = {
  "/editais-publicados": <PublishedNoticesPage />,
  "/formalizacoes-publicadas": <PublishedFormalizationsPage />,
  "/procedimentos-auxiliares": <AuxiliaryProceduresPage />,
  "/cadastrar/editais": <NoticesPage />,
  "/cadastrar/produtos": <ProductsPage />,
  "/documentos-de-habilitacao": <SupplierDocumentsPage />,
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
        { path: "quem-somos", element: <AboutUsPage /> },
        { path: "sobre-a-plataforma", element: <AboutPlatformPage /> },
        { path: "legislacao-e-regulamentos", element: <LegislationPage /> },
        { path: "tutoriais", element: <TutorialsPage /> },
        { path: "contato", element: <ContactPage /> },
        { path: "login", element: <LoginPage /> },
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
        // The supplier's initial bids (trading-room §2.8).
        { path: "sala-de-negociacao/:id/cadastro-de-lances-iniciais", element: <InitialBidsPage /> },
      ],
    },
  ];
}
