export function SubscribePage() {
  return (
    <main className="container">
      <title>Subscribe · GoRDU</title>
      <h1>Subscribe</h1>
    </main>
  );
}
