import type { RouteObject } from "react-router";
import { Document, DocumentError } from "./document.tsx";
import { AdminPage } from "./pages/admin-page.tsx";
import { dashboardLoader, DashboardPage } from "./pages/dashboard-page.tsx";
import { LandingPage } from "./pages/landing-page.tsx";
import { loginLoader, LoginPage } from "./pages/login-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { ResetPasswordPage } from "./pages/reset-password-page.tsx";
import { SubscribePage } from "./pages/subscribe-page.tsx";
import { rootLoader } from "./root-data.ts";

export const NOT_FOUND_ROUTE_ID = "not-found";

/** The one route table: rendered on the server, hydrated in the browser. */
export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: rootLoader,
    Component: Document,
    ErrorBoundary: DocumentError,
    children: [
      { index: true, Component: LandingPage },
      { path: "subscribe", Component: SubscribePage },
      { path: "login", loader: loginLoader, Component: LoginPage },
      { path: "reset-password", Component: ResetPasswordPage },
      { path: "dashboard", loader: dashboardLoader, Component: DashboardPage },
      { path: "admin", Component: AdminPage },
      { id: NOT_FOUND_ROUTE_ID, path: "*", Component: NotFoundPage },
    ],
  },
];
