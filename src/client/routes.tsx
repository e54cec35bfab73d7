import type { RouteObject } from "react-router";
import { Document, DocumentError } from "./document.tsx";
import { LandingPage, recentDealsLoader } from "./pages/landing-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { rootLoader, rootShouldRevalidate } from "./root-data.ts";

export const NOT_FOUND_ROUTE_ID = "not-found";

/**
 * The one route table: rendered on the server, hydrated in the browser. The landing page ships in the
 * entry bundle; every other page is its own chunk, loaded when it is visited.
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    Component: Document,
    ErrorBoundary: DocumentError,
    children: [
      { index: true, loader: recentDealsLoader, Component: LandingPage },
      {
        path: "subscribe",
        lazy: async () => {
          const page = await import("./pages/subscribe-page.tsx");
          return { loader: page.subscribeLoader, Component: page.SubscribePage };
        },
      },
      {
        path: "login",
        lazy: async () => {
          const page = await import("./pages/login-page.tsx");
          return { loader: page.loginLoader, Component: page.LoginPage };
        },
      },
      {
        path: "reset-password",
        lazy: async () => ({ Component: (await import("./pages/reset-password-page.tsx")).ResetPasswordPage }),
      },
      {
        path: "dashboard",
        lazy: async () => {
          const page = await import("./pages/dashboard-page.tsx");
          return { loader: page.dashboardLoader, Component: page.DashboardPage };
        },
      },
      {
        path: "admin",
        lazy: async () => {
          const page = await import("./pages/admin-page.tsx");
          return { loader: page.adminLoader, Component: page.AdminPage };
        },
      },
      {
        path: "deals",
        lazy: async () => {
          const page = await import("./pages/recent-deals-page.tsx");
          return { loader: page.recentDealsLoader, Component: page.RecentDealsPage };
        },
      },
      {
        path: "deals/found/:dealId",
        lazy: async () => {
          const page = await import("./pages/recent-deal-page.tsx");
          return { loader: page.recentDealLoader, Component: page.RecentDealPage, ErrorBoundary: page.RecentDealError };
        },
      },
      {
        path: "deals/:shareId",
        lazy: async () => {
          const page = await import("./pages/shared-deal-page.tsx");
          return { loader: page.sharedDealLoader, Component: page.SharedDealPage, ErrorBoundary: page.SharedDealError };
        },
      },
      {
        path: "how-we-find-deals",
        lazy: async () => {
          const page = await import("./pages/how-we-find-deals-page.tsx");
          return { loader: page.howWeFindDealsLoader, Component: page.HowWeFindDealsPage };
        },
      },
      { id: NOT_FOUND_ROUTE_ID, path: "*", Component: NotFoundPage },
    ],
  },
];
