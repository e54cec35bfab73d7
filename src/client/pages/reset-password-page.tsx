export function ResetPasswordPage() {
  return (
    <main className="container">
      <title>ResetPassword · GoRDU</title>
      <h1>ResetPassword</h1>
    </main>
  );
}
