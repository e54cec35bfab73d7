export function AdminPage() {
  return (
    <main className="container">
      <title>Admin · GoRDU</title>
      <h1>Admin</h1>
    </main>
  );
}
