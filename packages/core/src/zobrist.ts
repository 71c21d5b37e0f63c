/**
 * Zobrist keys as pairs of uint32 halves (never BigInt in a hot path): a key for each piece code
 * on each square, and one for the side to move. The numbers come from a fixed seed, so a key is
 * the same in every process (the engine's transposition table, the server, the app).
 */

import { MAX_SIZE } from './geometry.js';

/** xorshift32: small, fast, and good enough to spread 2 x 32 bits over a few hundred keys. */
function xorshift32(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
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
  const next = xorshift32(0x7a4f1c93);
  for (let i = SQUARES; i < 4 * SQUARES; i++) {
    PIECE_LO[i] = next();
    PIECE_HI[i] = next();
  }
  TURN_LO = next();
  TURN_HI = next();
}
