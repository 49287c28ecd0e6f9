import { Navigate, type RouteObject } from "react-router";
import { LoginPage } from "../features/auth/LoginPage";
import { RequireAuth } from "../features/auth/RequireAuth";
import { AppLayout } from "../features/layout/AppLayout";
import { MenuEntryPage, NotFoundContent } from "../features/layout/FeaturePages";
import { allMenuRoutes } from "../features/layout/menus";
import { PublicNoticesPage, PublishedNoticesPage } from "../features/public-notices/pages";
import { PublicLayout } from "../features/public-site/PublicLayout";
import {
  AboutPlatformPage,
  AboutUsPage,
  ContactPage,
  LegislationPage,
  TutorialsPage,
} from "../features/public-site/StaticPages";

/** Menu routes with a page of their own; every other menu route shows the shared unavailable page. */
const FEATURE_PAGES: Record<string, RouteObject["element"]> = {
  "/editais-publicados": <PublishedNoticesPage />,
};

export function appRoutes(): RouteObject[] {
  return [
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
      children: allMenuRoutes().map((route) => ({
        path: route.slice(1),
        element: FEATURE_PAGES[route] ?? <MenuEntryPage />,
      })),
    },
  ];
}
