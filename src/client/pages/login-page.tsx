export function LoginPage() {
  return (
    <main className="container">
      <title>Login · GoRDU</title>
      <h1>Login</h1>
    </main>
  );
}
