// What the game announces and shows (src/game/announce.ts, board-view.ts): the escape threat
// with its routes, the king in danger, the end; square names for screen readers. Scores as
// players read them: game-evaluation.test.ts.
import {
  presetById,
  startingPosition,
  playMoveRecord,
  geometry,
  parseSquare,
  type Position,
} from '@tafl/core';
import { describe, expect, it } from 'vitest';
import { announce, announcementHighlights } from '../src/game/announce.js';
import { announcementText } from '../src/game/Announcements.js';
import { boardPieces, lastMoveMarks, squareLabeler } from '../src/game/board-view.js';
import { en } from '../src/i18n/en.js';
import { fr } from '../src/i18n/fr.js';

const sq = (name: string): number => parseSquare(geometry(7), name)!;
const after = (id: string, ...moves: string[]): Position => {
  const pos = startingPosition(presetById(id)!);
  for (const m of moves) {
    const played = playMoveRecord(pos, m);
    if (!played.ok) throw new Error(played.message);
  }
  return pos;
};

describe('announcements', () => {
  it('nothing at the start', () => {
    expect(announce(after('brandubh-2019'), undefined)).toEqual([]);
  });

  it('an escape threat with its open routes, and the king in danger', () => {
    // brandubh-2019 after b4-b2 d5-f5 g4-g2 Kd4-d5 g2-g3 Kd5-a5: the king on a5 sees the
    // corner a7 (a6 is empty), and an attacker moving to a6 would take him against a4.
    //   7 . . . A . . .
    //   6 . . . A . . .
    //   5 K . . . . T .
    //   4 A . T . T A .
    //   3 . . . T . . A
    //   2 . A . A . . .
    //   1 . . . A . . .
    //     a b c d e f g
    const pos = after('brandubh-2019', 'b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5');
    const list = announce(pos, undefined);
    expect(list).toEqual([
      { kind: 'escape', routes: [sq('a7')] },
      { kind: 'danger', king: sq('a5'), threats: [sq('a6')] },
    ]);
    expect(announcementHighlights(list)).toEqual([
      { square: sq('a7'), kind: 'route' },
      { square: sq('a5'), kind: 'danger' },
      { square: sq('a6'), kind: 'danger' },
    ]);
  });

  it('the end of the game alone, with its reason', () => {
    const pos = after(
      'brandubh-2019',
      'b4-b2',
      'd5-f5',
      'g4-g2',
      'd4-d5',
      'g2-g3',
      'd5-a5',
      'g3-g4',
      'a5-a7',
    );
    const result = { winner: 'defenders', reason: 'escape' } as const;
    expect(announce(pos, result)).toEqual([{ kind: 'end', result, king: sq('a7') }]);
  });

  it('the end names the exit square of a king who escaped, in words', () => {
    // As above: the king on a5 runs to the corner a7 and stays standing there.
    const pos = after(
      'brandubh-2019',
      'b4-b2',
      'd5-f5',
      'g4-g2',
      'd4-d5',
      'g2-g3',
      'd5-a5',
      'g3-g4',
      'a5-a7',
    );
    expect(pos.pieceAt(sq('a7'))).toBe(3);
    const [end] = announce(pos, { winner: 'defenders', reason: 'escape' });
    expect(announcementText(en, end!)).toBe('The defenders win. The king escaped to a7.');
    expect(announcementText(fr, end!)).toBe('Les défenseurs gagnent. Le roi s’est évadé par a7.');
  });

  it('the end names the square where the king was captured, and the board marks him there', () => {
    // From the king on a5 (see above), the attacker d6 comes to a6: the king is taken against a4.
    const pos = after('brandubh-2019', 'b4-b2', 'd5-f5', 'g4-g2', 'd4-d5', 'g2-g3', 'd5-a5', 'd6-a6');
    const result = { winner: 'attackers', reason: 'king captured' } as const;
    const list = announce(pos, result);
    expect(list).toEqual([{ kind: 'end', result, king: sq('a5') }]);
    expect(announcementText(en, list[0]!)).toBe('The attackers win. The king was captured on a5.');
    expect(
      lastMoveMarks({
        ply: 7,
        side: 'attackers',
        record: 'd6-a6xa5',
        notation: 'd6-a6xKa5++',
        move: (sq('d6') << 8) | sq('a6'),
        king: false,
        captured: [{ square: sq('a5'), role: 'king' }],
      }).kingCaptured,
    ).toBe(sq('a5'));
  });

  it('a draw on offer', () => {
    expect(announce(after('plazoleta'), undefined, 'defenders')).toEqual([
      { kind: 'drawOffer', side: 'defenders' },
    ]);
  });
});

describe('the board’s view', () => {
  it('names the pieces by square', () => {
    const pieces = boardPieces(after('plazoleta'));
    expect(pieces[sq('d4')]).toBe('king');
    expect(pieces[sq('d1')]).toBe('attacker');
    expect(pieces[sq('d3')]).toBe('defender');
    expect(pieces[sq('a1')]).toBeUndefined();
  });

  it('labels squares with their name first, in the player’s language', () => {
    const label = squareLabeler(en, 7);
    const none = { selected: false, dest: false, lastMove: false, captured: undefined, highlight: undefined };
    expect(label(sq('d2'), 'attacker', none)).toBe('d2, attacker');
    expect(label(sq('d5'), undefined, { ...none, dest: true })).toBe('d5, empty, legal move');
    expect(squareLabeler(fr, 7)(sq('a7'), undefined, { ...none, highlight: 'route' })).toBe(
      'a7, vide, sortie ouverte pour le roi',
    );
  });

  it('marks the last move and its captures', () => {
    expect(lastMoveMarks(undefined)).toEqual({});
    expect(
      lastMoveMarks({
        ply: 1,
        side: 'defenders',
        record: 'e4-e1xd1',
        notation: 'e4-e1xd1',
        move: (sq('e4') << 8) | sq('e1'),
        king: false,
        captured: [{ square: sq('d1'), role: 'attacker' }],
      }),
    ).toEqual({ lastMove: [sq('e4'), sq('e1')], captured: [{ square: sq('d1'), role: 'attacker' }] });
  });
});
