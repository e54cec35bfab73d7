import type { FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../domain/validation.ts";
import { api } from "../api.ts";
import { useToast } from "../components/toast.tsx";
import { errorMessage } from "../error-message.ts";
import { usePendingAction } from "../components/use-pending-action.ts";
import { Button } from "../components/button.tsx";
import { Form } from "../components/form.tsx";

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <main className="container auth-page">
      <title>Reset password · GoRDU</title>
      <meta name="referrer" content="no-referrer" />
      {token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />}
    </main>
  );
}

function InvalidResetLink() {
  return (
    <article className="auth-card">
      <header>
        <h1>Invalid Reset Link</h1>
      </header>
      <p>This password reset link is invalid or expired.</p>
      <Link to="/login" role="button">
        Back to Login
      </Link>
    </article>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, run] = usePendingAction();

  /** The fields are read when sent, not kept in state: what was typed before the script took over is kept too. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    const confirmPassword = String(form.get("confirmPassword") ?? "");
    const problem = passwordProblem(newPassword, confirmPassword);
    if (problem === "mismatch") {
      toast({ title: "Passwords Don't Match", description: "Please ensure both password fields match.", variant: "destructive" });
      return;
    }
    if (problem === "too-short") {
      toast({ title: "Password Too Short", description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`, variant: "destructive" });
      return;
    }
    void run(async () => {
      try {
        await api.resetPassword({ token, newPassword, confirmPassword });
        toast({ title: "Password Reset Successful", description: "You can now log in with your new password." });
        await navigate("/login");
      } catch (error) {
        toast({
          title: "Reset Failed",
          description: errorMessage(error, "Failed to reset password. Please try again or request a new reset link."),
          variant: "destructive",
        });
      }
    });
  };

  return (
    <article className="auth-card">
      <header>
        <h1>Reset your password</h1>
        <p>Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</p>
      </header>
      <Form onSubmit={submit} noValidate>
        <label>
          New Password
          <input type="password" name="newPassword" autoComplete="new-password" required />
        </label>
        <label>
          Confirm Password
          <input type="password" name="confirmPassword" autoComplete="new-password" required />
        </label>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          Reset Password
        </Button>
      </Form>
      <Link to="/login" role="button" className="secondary outline full-width">
        Back to Login
      </Link>
    </article>
  );
}
