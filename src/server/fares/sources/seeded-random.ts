/** Deterministic pseudo-random numbers from a text key: the same key gives the same numbers on every machine. */

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a, 32 bits; `start` carries on from the hash of a prefix, so hashText(b, hashText(a)) === hashText(a + b). */
export function hashText(text: string, start: number = FNV_OFFSET): number {
  let hash = start;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32 seeded by the key: a stream of numbers in [0, 1). */
export function seededRandom(key: string): () => number {
  return seededRandomOfHash(hashText(key));
}

/** mulberry32 seeded by a key's hash (hashText). */
export function seededRandomOfHash(hash: number): () => number {
  let state = hash;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller) from a stream. */
export function normalDraw(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A standard normal that wanders smoothly over time: independent draws at knots `knotMs` apart, blended by
 * cos/sin weights in between (the squares of the weights add up to 1, so every moment is a standard normal).
 */
export function wanderingNormal(key: string, atMs: number, knotMs: number): number {
  return wanderBetweenKnots((knot) => normalDraw(seededRandom(`${key}|${knot}`)), atMs, knotMs);
}

/** wanderingNormal with each knot's draw supplied by the caller (one that keeps them). */
export function wanderBetweenKnots(drawAt: (knot: number) => number, atMs: number, knotMs: number): number {
  const position = atMs / knotMs;
  const knot = Math.floor(position);
  const angle = ((position - knot) * Math.PI) / 2;
  return Math.cos(angle) * drawAt(knot) + Math.sin(angle) * drawAt(knot + 1);
}
