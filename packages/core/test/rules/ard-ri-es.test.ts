// ard-ri-es: docs/rules.md, “ard-ri-es” (the article “¿Jugamos al Ard Ri?”): its table of
// values and what the article says, point by point.
import { describe, expect, it } from 'vitest';
import { ardRiEs as rules, startingPosition } from '../../src/index.js';
import { at, captured, destinations, draw, isLegal, otn, outcome, play, record, setUp } from './diagram.js';

describe('ard-ri-es: layout and first to move', () => {
  it('"it uses the Ard Ri layout above", "first: A": 16 attackers, 8 defenders and the king, attackers to move', () => {
    const pos = startingPosition(rules);
    expect(record(pos)).toBe(
      otn(`
        7 . . A A A . .
        6 . . . A . . .
        5 A . D D D . A
        4 A A D K D A A
        3 A . D D D . A
        2 . . . A . . .
        1 . . A A A . .
          a b c d e f g`),
    );
    expect(pos.turn, draw(pos)).toBe('attackers');
  });
});

describe('ard-ri-es: its departures from the source (docs/rules.md, “ard-ri-es”)', () => {
  it('"each point where a ruleset departs from its source\'s letter is a note, a reading or a house rule": the ruleset carries exactly these', () => {
    expect(rules.notes.map((n) => `${n.kind}: ${n.id} (${n.parameter})`)).toEqual([
      'reading: layoutArdRi (layout)',
      'reading: kingUnarmed (kingArmed)',
      'reading: kingEnclosed (kingCapture)',
      'reading: repetitionThird (repetitionDraws)',
    ]);
  });
});

describe('ard-ri-es: movement, "soldiers / king move: rook / rook"', () => {
  it('"soldier move: rook (any distance)": a defender moves any distance along its rank or file', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . D .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'f6'), draw(pos)).toEqual(
      ['a6', 'b6', 'c6', 'd6', 'e6', 'g6', 'f1', 'f2', 'f3', 'f4', 'f5', 'f7'].sort(),
    );
  });

  it('"king move: rook": the king moves any distance along his rank or file', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . K . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'b6'), draw(pos)).toEqual(
      ['a6', 'b1', 'b2', 'b3', 'b4', 'b5', 'b7', 'c6', 'd6', 'e6', 'f6', 'g6'].sort(),
    );
  });
});

describe('ard-ri-es: the throne, "the five special squares are the king\'s alone; soldiers pass over the throne only when it is empty"', () => {
  it('an attacker passes over the empty throne, without stopping on it', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . A . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . K .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'd7'), draw(pos)).toEqual([
      'b7',
      'c7',
      'd1',
      'd2',
      'd3',
      'd5',
      'd6',
      'e7',
      'f7',
    ]);
  });

  it('an attacker does not pass over the throne with the king on it', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . A . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(isLegal(pos, 'd7-d3'), draw(pos)).toBe(false);
  });

  it('"king returns to throne: yes": he leaves it and stops on it again', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd4-d6', 'b2-b3', 'd6-d4');
    expect(at(pos, 'd4'), draw(pos)).toBe('K');
  });

  it('"A position set up with the king off the throne counts as one where the king has already left it": he may return', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . K . . . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'b4'), draw(pos)).toContain('d4');
  });

  it('"The throne, occupied or not, ... act as a piece of the capturing side against anyone": the empty throne captures an attacker', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 D . A . . . .
      3 . . . . . . .
      2 . A . . . K .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a4-b4');
    expect(captured(pos), draw(pos)).toEqual(['c4']);
  });

  it('"The throne, occupied or not, ...": the throne with the (unarmed) king on it captures an attacker', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 D . A K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a4-b4');
    expect(captured(pos), draw(pos)).toEqual(['c4']);
  });

  it('"The throne, occupied or not, ...": the empty throne captures a defender', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 A . D . . . .
      3 . . . . . . .
      2 . A . . . K .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a4-b4');
    expect(captured(pos), draw(pos)).toEqual(['c4']);
  });

  it('"throne hostile ... always (even occupied)": the throne with the king on it captures a defender', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 A . D K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a4-b4');
    expect(captured(pos), draw(pos)).toEqual(['c4']);
  });
});

describe('ard-ri-es: the corners, "corners: stop / hostile / immune: king / all / no"', () => {
  it('"the five special squares are the king\'s alone": a defender may not stop on a corner', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . D . . . . .
        a b c d e f g`,
    );
    expect(isLegal(pos, 'b1-a1'), draw(pos)).toBe(false);
  });

  it('"the corners act as a piece of the capturing side against anyone": a defender captures an attacker against a corner', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . A . . . . .
      6 . . D . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c6-c7');
    expect(captured(pos), draw(pos)).toEqual(['b7']);
  });

  it('"the corners act as a piece of the capturing side against anyone": an attacker captures a defender against a corner', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . A . . . . .
      2 D . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'b3-a3');
    expect(captured(pos), draw(pos)).toEqual(['a2']);
  });
});

describe('ard-ri-es: "king armed: no (reading)", "A king who is not armed takes no part in captures at all"', () => {
  it('"his own move captures nothing"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . K . . . . .
      5 . . A D . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'b6-b5');
    expect(captured(pos), draw(pos)).toEqual([]);
  });

  it('"he never counts as the far piece"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . D . . .
      5 . K A . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd6-d5');
    expect(captured(pos), draw(pos)).toEqual([]);
  });
});

describe('ard-ri-es: the king\'s capture, "The king must be enclosed on all four sides, where the throne and corners count as enclosing sides and the edge does not"', () => {
  it('four attackers capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K A . . .
      5 A . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a5-c5');
    expect(captured(pos), draw(pos)).toEqual(['c6']);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('two attackers on a line do not capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A K . A . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e6-d6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('three attackers and a defender do not capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K . A . .
      5 . . D . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e6-d6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"the edge does not": three attackers do not capture the king on the edge', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 A . . . . . .
      5 K . A . . . .
      4 A . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c5-b5');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"the throne ... count[s] as enclosing": three attackers and the empty throne capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . A . . .
      6 . . . . . . .
      5 . . A K A . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd7-d6');
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('"corners count ... and the edge does not": beside a corner the king is on the edge, so two attackers and the corner do not capture him', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 A . . . . . .
      2 K . A . . . .
      1 . . . . . D .
        a b c d e f g`,
    );
    play(pos, 'c2-b2');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"4 everywhere": four attackers capture the king on the throne', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . A . . .
      4 . . A K A . .
      3 . . . . . . .
      2 . . . A . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd2-d3');
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('"4 everywhere": three attackers and a defender do not capture the king on the throne', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . D . . .
      4 . . A K A . .
      3 . . . . . . .
      2 . . . A . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd2-d3');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('ard-ri-es: the end of the game', () => {
  it('"escape: corner": the king who reaches a corner wins', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . A . . . .
      2 . . . . . . .
      1 . . . . K . .
        a b c d e f g`,
    );
    play(pos, 'e1-a1');
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });

  it('"defenders win when all attackers are captured: no": the attackers left with no piece lose by having no legal move', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . D . . . . .
      5 . A . . . . .
      4 . . D K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c4-b4');
    expect(pos.pieceCount('attackers')).toBe(0);
    expect(outcome(pos), draw(pos)).toBe('defenders win: no legal move');
  });

  it('"no moves: loses" ("También perderá el bando que no pueda realizar ningún movimiento"): the attackers lose', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . D A D . .
      6 . . . . D . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e6-d6');
    expect(outcome(pos), draw(pos)).toBe('defenders win: no legal move');
  });

  it('"no moves: loses": the defenders lose', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A K A . .
      6 . . . . A . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e6-d6');
    expect(outcome(pos), draw(pos)).toBe('attackers win: no legal move');
  });

  it('"where a blocked side loses, it loses even if the other side is blocked too"', () => {
    // The mover of a ruleset where the king may return can always move back, so both sides can
    // be blocked only in a position set up so; a set-up position is settled like any other.
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . D A A A A .
      6 D K D A A A A
      5 A D A A A A A
      4 A A A . A A A
      3 A A A A A A A
      2 A A A A A A A
      1 . A A A A A .
        a b c d e f g`,
    );
    expect(outcome(pos), draw(pos)).toBe('attackers win: no legal move');
  });
});

describe('ard-ri-es: "draws: repetition" ("Las únicas opciones de empate ... pasan por la repetición de jugadas")', () => {
  const shuffle = `
      7 . . . . . . .
      6 . . . . . D .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`;

  it('the second occurrence of a position does not end the game', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    play(pos, 'b2-b3', 'f6-f5', 'b3-b2', 'f5-f6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"the starting position is its first occurrence": its third occurrence, at ply 8, is a draw', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    play(pos, 'b2-b3', 'f6-f5', 'b3-b2', 'f5-f6', 'b2-b3', 'f6-f5', 'b3-b2');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    play(pos, 'f5-f6');
    expect(outcome(pos), draw(pos)).toBe('draw: repetition');
  });

  it('"with the same side to move": the same board with the other side to move is another position', () => {
    // The attacker returns to b2 in three moves, the defender to f6 in two: the start's board
    // comes back at ply 5 with the defenders to move, and at ply 12 with the attackers to move.
    const pos = setUp(rules, 'attackers', shuffle);
    play(pos, 'b2-b5', 'f6-f5', 'b5-b3', 'f5-f6', 'b3-b2');
    play(pos, 'f6-f5', 'b2-b5', 'f5-f6', 'b5-b3', 'f6-f5', 'b3-b2', 'f5-f6');
    expect(record(pos), draw(pos)).toBe(otn(shuffle));
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"quiet-move limit: none": 22 plies without a capture, no position thrice, do not end the game', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . D .
      4 . . . K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    const attacker = ['b2-b3', 'b3-c3', 'c3-c2', 'c2-b2'];
    const defender = ['f5-f7', 'f7-f6', 'f6-f5'];
    for (let i = 0; i < 11; i++) play(pos, attacker[i % 4]!, defender[i % 3]!);
    expect(pos.quietPlies).toBe(22);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('ard-ri-es: "After each move, the first of these that applies ends the game"', () => {
  it('"the king escaped" comes before "the side to move has no legal move"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . D A D . .
      6 . . . D . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . K . . . . .
        a b c d e f g`,
    );
    play(pos, 'b1-a1');
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });

  it('"the king captured" comes before "the side to move has no legal move"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K A . . .
      5 A . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a5-c5');
    expect(pos.pieceCount('defenders')).toBe(0);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });
});
