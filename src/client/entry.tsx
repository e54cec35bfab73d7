import "./styles.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { AssetsContext } from "./assets-context.tsx";
import { routes } from "./routes.tsx";

/** The server rendered the page's own chunk; load it before hydrating so the first render matches. */
async function loadMatchedLazyRoutes() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

await loadMatchedLazyRoutes();
const stylesheets = Array.from(document.querySelectorAll<HTMLLinkElement>("link[data-app-css]"), (link) => link.getAttribute("href")!);
const router = createBrowserRouter(routes);

hydrateRoot(
  document,
  <StrictMode>
    <AssetsContext value={{ stylesheets }}>
      <RouterProvider router={router} />
    </AssetsContext>
  </StrictMode>,
);
