/** Seeded randomness for tests, so that every run sees the same "random" cases. */

/** mulberry32, the core's seeded generator: floats in [0, 1). */
export { seededRandom as prng } from '../src/random.js';

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

const ALPHABET = 'tTKk0123456789/abcdefgx-+ :\n\t[]"';

/** A random string, mostly of characters that mean something in OTN. */
export function randomText(random: () => number, maxLength: number): string {
  let s = '';
  const length = Math.floor(random() * maxLength);
  for (let i = 0; i < length; i++)
    s += random() < 0.9 ? pick(random, [...ALPHABET]) : String.fromCharCode(Math.floor(random() * 0x3000));
  return s;
}

/** The text with a few characters deleted, inserted, replaced or duplicated. */
export function mutate(random: () => number, text: string): string {
  let s = text;
  const edits = 1 + Math.floor(random() * 3);
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(random() * (s.length + 1));
    const c = pick(random, [...ALPHABET]);
    const kind = Math.floor(random() * 4);
    if (kind === 0) s = s.slice(0, i) + s.slice(i + 1);
    else if (kind === 1) s = s.slice(0, i) + c + s.slice(i);
    else if (kind === 2) s = s.slice(0, i) + c + s.slice(i + 1);
    else s = s.slice(0, i) + s.slice(i, i + 5) + s.slice(i);
  }
  return s;
}
