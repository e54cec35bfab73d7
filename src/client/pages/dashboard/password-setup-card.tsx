export function PasswordSetupCard({ onSetPassword }: { onSetPassword: () => void }) {
  return (
    <article className="warning-card" role="region" aria-labelledby="password-setup-title">
      <div>
        <h2 id="password-setup-title">Set Up Your Password</h2>
        <p>
          You're signed in with a temporary password from your signup. Set a password of your own so you can log in from any
          device.
        </p>
      </div>
      <button type="button" onClick={onSetPassword}>
        Set Password
      </button>
    </article>
  );
}
