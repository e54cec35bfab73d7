import { useEffect } from "react";
import { isRouteErrorResponse, Outlet, ScrollRestoration, useLocation, useNavigation, useRouteError } from "react-router";
import { STYLESHEET_KIND, useDocumentAssets } from "./assets-context.tsx";
import { Toaster } from "./components/toast.tsx";

function Shell({ children }: { children: React.ReactNode }) {
  const { stylesheets, appStylesheets } = useDocumentAssets();
  const onLandingPage = useLocation().pathname === "/";
  // <html data-hydrated> once React owns the page: what is typed into a form before then, React may reset.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5cad" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} {...{ [STYLESHEET_KIND]: "base" }} />
        ))}
        {appStylesheets.map((href) =>
          onLandingPage ? (
            <link key={`prefetch:${href}`} rel="prefetch" as="style" href={href} {...{ [STYLESHEET_KIND]: "app" }} />
          ) : (
            <link key={`stylesheet:${href}`} rel="stylesheet" href={href} {...{ [STYLESHEET_KIND]: "app" }} />
          ),
        )}
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration />
      </body>
    </html>
  );
}

/** The root route: the whole HTML document around every page. */
export function Document() {
  const navigation = useNavigation();
  return (
    <Shell>
      {navigation.state === "loading" && <div className="page-progress" role="progressbar" aria-label="Loading" />}
      <Outlet />
    </Shell>
  );
}

export function DocumentError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <title>Something went wrong · GoRDU</title>
      <main className="container centered-card">
        <article>
          <h1>Something went wrong</h1>
          <p>{status === 503 ? "GoRDU is busy right now." : "We couldn't load this page."} Please try again in a moment.</p>
          <a href="/" role="button">
            Go to Home
          </a>
        </article>
      </main>
    </Shell>
  );
}
