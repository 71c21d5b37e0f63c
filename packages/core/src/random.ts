/**
 * A seeded PRNG (mulberry32: small, well mixed, 32 bits of state): the same seed gives the same
 * sequence of floats in [0, 1), so that bots, tests, fuzzers and benchmarks can be replayed.
 * Not for secrets (seat tokens use the platform's cryptographic source).
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
