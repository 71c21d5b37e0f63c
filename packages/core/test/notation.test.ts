// OTN position and move records: parse/make pairs, clear errors, and fuzzing (no input throws).
import { describe, expect, it } from 'vitest';
import {
  ARD_RI_LAYOUT,
  BRANDUBH_LAYOUT,
  PRESETS,
  PASS,
  federationBrandubh,
  geometry,
  makeLastMoveRecord,
  makeMoveRecord,
  makeMoveSquares,
  makePosition,
  parseMove,
  parsePosition,
  playMoveRecord,
  positionFromOtn,
  startingPosition,
} from '../src/index.js';
import { mutate, pick, prng, randomText } from './random.js';

describe('OTN position records', () => {
  it('reads the Brandubh layout, first row as rank 1', () => {
    const parsed = parsePosition(BRANDUBH_LAYOUT);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.size).toBe(7);
    const geo = geometry(7);
    // d1 (rank 1) holds an attacker, d4 the king, c4 a defender
    expect(parsed.value.board[3]).toBe(1);
    expect(parsed.value.board[geo.throne]).toBe(3);
    expect(parsed.value.board[3 * 7 + 2]).toBe(2);
  });

  it('writes back what it reads', () => {
    for (const layout of [BRANDUBH_LAYOUT, ARD_RI_LAYOUT, '/7/7/7/3K3/7/7/7/', '/K6/7/7/7/7/7/6t/']) {
      const parsed = parsePosition(layout);
      expect(parsed.ok && makePosition(parsed.value.size, parsed.value.board)).toBe(layout);
    }
  });

  it.each([
    ['3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', 'ERR_POSITION_SYNTAX', 'starts and ends with "/"'],
    ['/3t3/3t3/3T3/ttTKTtt/3T3/3t3/', 'ERR_POSITION_SHAPE', 'odd number of rows'],
    ['/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t4/', 'ERR_POSITION_SHAPE', 'row 7 ("3t4") is 8 squares wide'],
    ['/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3x3/', 'ERR_POSITION_PIECE', 'row 7 has "x"'],
    ['/3t3/3t3/3T3/ttTKTtt/3T3/3t3/0t6/', 'ERR_POSITION_SYNTAX', 'empty run of 0'],
  ])('refuses %s with %s', (text, code, words) => {
    const parsed = parsePosition(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.code).toBe(code);
    expect(parsed.message).toContain(words);
  });

  it('checks a position against the rules: one king, nothing but the king on the throne', () => {
    const cases: [string, string][] = [
      ['/3t3/3t3/3T3/ttT1Ttt/3T3/3t3/3t3/', 'ERR_NO_KING'],
      ['/3t3/3t3/3T3/ttTKTtt/3T3/3K3/3t3/', 'ERR_KINGS'],
      ['/3t3/3t3/3T3/ttTtTtt/3T3/3K3/3t3/', 'ERR_FORBIDDEN_SQUARE'],
      ['/t2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', 'ERR_FORBIDDEN_SQUARE'],
      ['/T2t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/', 'ERR_FORBIDDEN_SQUARE'],
      ['/5/5/2K2/5/5/', 'ERR_SIZE'],
    ];
    for (const [text, code] of cases) {
      const pos = positionFromOtn(federationBrandubh, text);
      expect(pos.ok ? 'ok' : pos.code, text).toBe(code);
    }
  });

  it('never throws on random or mutated records, and what it accepts it writes back', () => {
    const random = prng(42);
    for (let i = 0; i < 5000; i++) {
      const text =
        i % 2 === 0 ? randomText(random, 60) : mutate(random, pick(random, [BRANDUBH_LAYOUT, ARD_RI_LAYOUT]));
      const parsed = parsePosition(text);
      if (parsed.ok)
        expect(parsePosition(makePosition(parsed.value.size, parsed.value.board))).toEqual(parsed);
      else expect(parsed.message.length).toBeGreaterThan(10);
    }
  });
});

describe('OTN move records', () => {
  const geo = geometry(7);

  it('reads moves with and without captures, info symbols and the king letter', () => {
    for (const [text, move, caps] of [
      ['d2-e2', 'd2-e2', undefined],
      ['e2-d2xd3', 'e2-d2', ['d3']],
      ['e2-d2xd3/c2+', 'e2-d2', ['d3', 'c2']],
      ['Kd4-d6--', 'd4-d6', undefined],
      ['c3-c4++', 'c3-c4', undefined],
      ['pass', 'pass', undefined],
    ] as const) {
      const parsed = parseMove(geo, text);
      expect(parsed.ok, text).toBe(true);
      if (!parsed.ok) continue;
      expect(makeMoveSquares(geo, parsed.value.move)).toBe(move);
      expect(parsed.value.captures?.map((sq) => makeMoveSquares(geo, (sq << 8) | sq).slice(0, 2))).toEqual(
        caps,
      );
    }
  });

  it.each([
    ['d2e2', 'ERR_MOVE_SYNTAX'],
    ['d2-h2', 'ERR_MOVE_SQUARE'],
    ['d2-d8', 'ERR_MOVE_SQUARE'],
    ['d2-e2xz9', 'ERR_MOVE_SQUARE'],
    ['', 'ERR_MOVE_SYNTAX'],
  ])('refuses %j with %s', (text, code) => {
    const parsed = parseMove(geo, text);
    expect(parsed.ok ? 'ok' : parsed.code).toBe(code);
  });

  it('refuses an illegal move, a pass that is not forced, and wrong captures, leaving the position as it was', () => {
    const pos = startingPosition(federationBrandubh);
    const illegal = playMoveRecord(pos, 'd1-d3');
    expect(illegal.ok ? 'ok' : illegal.code).toBe('ERR_MOVE_ILLEGAL');
    expect(illegal.ok ? '' : illegal.message).toBe('d1-d3 is not a legal move for the attackers');
    const pass = playMoveRecord(pos, 'pass');
    expect(pass.ok ? 'ok' : pass.code).toBe('ERR_MOVE_ILLEGAL');
    const wrongCapture = playMoveRecord(pos, 'd2-e2xe4');
    expect(wrongCapture.ok ? 'ok' : wrongCapture.code).toBe('ERR_MOVE_CAPTURES');
    expect(pos.ply).toBe(0);
    expect(playMoveRecord(pos, 'd2-e2').ok).toBe(true);
    expect(pos.ply).toBe(1);
  });

  // Each case: rules federation-brandubh, a position, the side to move, the move, what OTN writes.
  it.each([
    // an attacker takes the defender on c2 against c1: the capture list
    ['/2t4/2T4/t6/3K3/7/7/7/', 'attackers', 'a3-c3', 'a3-c3xc2'],
    // the king reaches the corner a1: "--"
    ['/3K3/7/7/7/7/7/3t3/', 'defenders', 'd1-a1', 'd1-a1--'],
    // the defender on c1 steps aside and opens the king's road to a1: "-"
    ['/2TK3/7/7/7/7/7/3t3/', 'defenders', 'c1-c2', 'c1-c2-'],
    // the attackers threaten g2-d2, taking the king on c2 between b2 and d2: "+"
    ['/7/1tK3t/7/7/7/7/1t5/', 'attackers', 'b7-b6', 'b7-b6+'],
    // and take him: "++"
    ['/7/1tK3t/7/7/7/7/1t5/', 'attackers', 'g2-d2', 'g2-d2++'],
    // nothing to say
    ['/7/1tK3t/7/7/7/7/1t5/', 'attackers', 'b2-a2', 'b2-a2'],
  ] as const)('in %s, %s play %s, written %s', (record, turn, move, written) => {
    const pos = positionFromOtn(federationBrandubh, record, turn);
    if (!pos.ok) throw new Error(pos.message);
    const played = playMoveRecord(pos.value, move);
    expect(played.ok).toBe(true);
    expect(makeLastMoveRecord(pos.value)).toBe(written);
    // and what OTN writes is read back as the same move
    pos.value.undo();
    expect(playMoveRecord(pos.value, written).ok).toBe(true);
  });

  // As OpenTafl's MoveSerializer writes a move (game records, OTEP's full notation): the king's
  // moves marked K, and a captured king's square listed with his letter (`c2-a2xKa3` in its records).
  it.each([
    ['/7/1tK3t/7/7/7/7/1t5/', 'attackers', 'g2-d2', 'g2-d2xKc2++'],
    ['/2t4/2T4/t6/3K3/7/7/7/', 'attackers', 'a3-c3', 'a3-c3xc2'],
    ['/3K3/7/7/7/7/7/3t3/', 'defenders', 'd1-a1', 'Kd1-a1--'],
    ['/7/1tK3t/7/7/7/7/1t5/', 'attackers', 'b2-a2', 'b2-a2'],
  ] as const)('in %s, %s play %s, written in a record %s', (record, turn, move, written) => {
    const pos = positionFromOtn(federationBrandubh, record, turn);
    if (!pos.ok) throw new Error(pos.message);
    expect(playMoveRecord(pos.value, move).ok).toBe(true);
    expect(makeMoveRecord(pos.value)).toBe(written);
    pos.value.undo();
    expect(playMoveRecord(pos.value, written).ok).toBe(true);
  });

  it('never throws on random or mutated moves, whatever the position', () => {
    const random = prng(7);
    for (const rules of PRESETS) {
      const pos = startingPosition(rules);
      const legal = pos.legalMoves().map((m) => makeMoveSquares(pos.geo, m));
      for (let i = 0; i < 500; i++) {
        const text = i % 2 === 0 ? randomText(random, 14) : mutate(random, pick(random, legal));
        const ply = pos.ply;
        const result = playMoveRecord(pos, text);
        if (result.ok) {
          expect(result.value === PASS || legal.includes(makeMoveSquares(pos.geo, result.value))).toBe(true);
          pos.undo();
        } else expect(result.message.length).toBeGreaterThan(10);
        expect(pos.ply).toBe(ply);
      }
    }
  });
});
