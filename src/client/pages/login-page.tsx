import { useState, type FormEvent } from "react";
import { Link, redirect, useNavigate, type LoaderFunctionArgs } from "react-router";
import { LogoLink } from "../components/logo.tsx";
import { api } from "../api.ts";
import { Dialog } from "../components/dialog.tsx";
import { useToast } from "../components/toast.tsx";
import { errorMessage } from "../error-message.ts";
import { useHydrated } from "../components/use-hydrated.ts";
import { usePendingAction } from "../components/use-pending-action.ts";
import { apiFromContext } from "../root-data.ts";
import { Button } from "../components/button.tsx";
import { Form } from "../components/form.tsx";

/** A signed-in user has nothing to do here (docs/product-rules.md §6). */
export async function loginLoader({ context }: LoaderFunctionArgs) {
  if (await apiFromContext(context).me()) throw redirect("/dashboard");
  return null;
}

export function LoginPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, run] = usePendingAction();
  const [forgotOpen, setForgotOpen] = useState(false);

  const signIn = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      toast({ title: "Login Failed", description: "Please enter your email and password.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await api.login({ email, password });
        await navigate("/dashboard");
      } catch (error) {
        toast({ title: "Login Failed", description: errorMessage(error, "Invalid email or password"), variant: "destructive" });
      }
    });
  };

  /** `data-hydrated` tells browser tests the page is React's now (a click before it opens no dialog). */
  const hydrated = useHydrated();

  return (
    <main className="container auth-page" data-hydrated={hydrated ? "" : undefined}>
      <title>Log in · GoRDU</title>
      <meta name="description" content="Log in to your GoRDU account to see your flight deals from RDU." />
      <article className="auth-card">
        <header>
          <LogoLink />
          <h1>Welcome back</h1>
          <p>Log in to see your flight deals from RDU.</p>
        </header>
        <Form onSubmit={signIn} noValidate>
          <label>
            Email
            <input type="email" name="email" autoComplete="email" required />
          </label>
          <label>
            Password
            <input type="password" name="password" autoComplete="current-password" required />
          </label>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            Sign In
          </Button>
        </Form>
        <footer className="auth-links">
          <Button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot Password?
          </Button>
          <span>
            New to GoRDU?{" "}
            {/* ScrollRestoration scrolls to the hash once the landing page has rendered, with scrollIntoView(), which
                follows the page's CSS: smooth, unless the system asks for reduced motion. */}
            <Link to="/#pricing">Sign up for alerts</Link>
          </span>
        </footer>
      </article>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </main>
  );
}

function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const [pending, run] = usePendingAction();
  const [email, setEmail] = useState("");

  const close = () => {
    setEmail("");
    onClose();
  };

  const submit = () => {
    if (!email.trim()) {
      toast({ title: "Error", description: "Please enter your email address.", variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await api.forgotPassword(email.trim());
        toast({ title: "Reset Email Sent", description: "If an account exists, a password reset email has been sent." });
        close();
      } catch (error) {
        toast({ title: "Error", description: errorMessage(error, "Failed to send reset email. Please try again."), variant: "destructive" });
      }
    });
  };

  return (
    <Dialog open={open} onClose={close} title="Forgot Password">
      <Form onSubmit={submit} noValidate>
        <p>Enter the email of your account and we'll send you a link to choose a new password.</p>
        <label>
          Email
          <input type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <div className="dialog-actions">
          <Button type="button" className="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            Send Reset Link
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
