/**
 * Zobrist keys as pairs of uint32 halves (never BigInt in a hot path): a key for each piece code
 * on each square, and one for the side to move. The numbers come from a fixed seed, so a key is
 * the same in every process (the engine's transposition table, the server, the app).
 */

import { MAX_SIZE } from './geometry.js';

/**
 * splitmix32: a counter passed through a mixing function of multiplications and shifts. The two
 * halves of a key must be unrelated: with a linear generator such as xorshift32, whose next output
 * is a fixed linear function of the last, every piece's high half is that function of its low
 * half, hence so is every position's (an xor of them), and the 64-bit key holds only 32 bits: two
 * positions with the same low half always had the same high half too.
 */
function splitmix32(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return z ^ (z >>> 16);
  };
}

const SQUARES = MAX_SIZE * MAX_SIZE;

/** `PIECE_LO[code * SQUARES + sq]` and `PIECE_HI[...]`: the key halves of a piece code on a square. */
export const PIECE_LO = new Int32Array(4 * SQUARES);
export const PIECE_HI = new Int32Array(4 * SQUARES);
export let TURN_LO = 0;
export let TURN_HI = 0;
export const KEY_STRIDE = SQUARES;

{
  const next = splitmix32(0x7a4f1c93);
  for (let i = SQUARES; i < 4 * SQUARES; i++) {
    PIECE_LO[i] = next();
    PIECE_HI[i] = next();
  }
  TURN_LO = next();
  TURN_HI = next();
}
