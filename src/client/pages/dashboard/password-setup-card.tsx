import { Button } from "../../components/button.tsx";

export function PasswordSetupCard({ onSetPassword }: { onSetPassword: () => void }) {
  return (
    <article className="warning-card" role="region" aria-labelledby="password-setup-title">
      <div>
        <h2 id="password-setup-title">Set Up Your Password</h2>
        <p>You're signed in on this device. Set a password so you can sign in on your other devices too.</p>
      </div>
      <Button type="button" onClick={onSetPassword}>
        Set Password
      </Button>
    </article>
  );
}
