import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <main className="container centered-card">
      <title>Page Not Found · GoRDU</title>
      <article>
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for doesn't exist or has moved.</p>
        <Link to="/" role="button">
          Go to Home
        </Link>
      </article>
    </main>
  );
}
