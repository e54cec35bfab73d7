import "./styles.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { AssetsContext, readDocumentAssets } from "./assets-context.tsx";
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
const assets = readDocumentAssets(document.head);
const router = createBrowserRouter(routes);

hydrateRoot(
  document,
  <StrictMode>
    <AssetsContext value={assets}>
      <RouterProvider router={router} />
    </AssetsContext>
  </StrictMode>,
);
