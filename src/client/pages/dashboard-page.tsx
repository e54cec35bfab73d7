export function DashboardPage() {
  return (
    <main className="container">
      <title>Dashboard · GoRDU</title>
      <h1>Dashboard</h1>
    </main>
  );
}
