import "@picocss/pico/css/pico.min.css";
import "./styles.css";
import "./styles/app.css";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { AssetsContext } from "./assets-context.tsx";
import { routes } from "./routes.tsx";

const stylesheets = Array.from(document.querySelectorAll<HTMLLinkElement>("link[data-app-css]"), (link) =>
  link.getAttribute("href")!,
);
const router = createBrowserRouter(routes);

hydrateRoot(
  document,
  <StrictMode>
    <AssetsContext value={{ stylesheets }}>
      <RouterProvider router={router} />
    </AssetsContext>
  </StrictMode>,
);
