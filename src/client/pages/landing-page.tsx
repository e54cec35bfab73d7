export function LandingPage() {
  return (
    <main className="container">
      <title>GoRDU · Flight deals from Raleigh-Durham</title>
      <h1>Never Miss a Deal from RDU</h1>
    </main>
  );
}
