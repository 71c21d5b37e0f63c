// brandubh-2019: docs/rules.md, “brandubh-2019” (the 2019 blog post): its table of values and
// what the post says, point by point.
import { describe, expect, it } from 'vitest';
import { brandubh2019 as rules, startingPosition } from '../../src/index.js';
import { at, captured, destinations, draw, isLegal, otn, outcome, play, record, setUp } from './diagram.js';

describe('brandubh-2019: layout and first to move', () => {
  it('"Brandubh (8 A, 4 D, K)", "first: A": the game starts from the Brandubh layout, attackers to move', () => {
    const pos = startingPosition(rules);
    expect(record(pos)).toBe(
      otn(`
        7 . . . A . . .
        6 . . . A . . .
        5 . . . D . . .
        4 A A D K D A A
        3 . . . D . . .
        2 . . . A . . .
        1 . . . A . . .
          a b c d e f g`),
    );
    expect(pos.turn, draw(pos)).toBe('attackers');
  });
});

describe('brandubh-2019: its departures from the source (docs/rules.md, “brandubh-2019”)', () => {
  it('"each point where a ruleset departs from its source\'s letter is a note, a reading or a house rule": the ruleset carries exactly these', () => {
    expect(rules.notes.map((n) => `${n.kind}: ${n.id} (${n.parameter})`)).toEqual([
      'reading: kingArmed (kingArmed)',
      'house rule: repetition (repetitionDraws)',
    ]);
  });
});

describe('brandubh-2019: movement, "soldiers / king move: rook / rook"', () => {
  it('"soldier move: rook (any distance)": an attacker moves any distance along its rank or file', () => {
    const pos = setUp(
      rules,
      'attackers',
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
    expect(destinations(pos, 'b2'), draw(pos)).toEqual(
      ['a2', 'b1', 'b3', 'b4', 'b5', 'b6', 'b7', 'c2', 'd2', 'e2', 'f2', 'g2'].sort(),
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

describe('brandubh-2019: the throne, "no piece but the king may stop on the corners or the centre; anyone may pass over the centre"', () => {
  it('an attacker passes over the empty centre, without stopping on it', () => {
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

  it('the king passes over the empty centre', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . K . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . A .
        a b c d e f g`,
    );
    play(pos, 'd6-d2');
    expect(at(pos, 'd2'), draw(pos)).toBe('K');
  });

  it('"once the king leaves the throne he may not return"', () => {
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
    play(pos, 'd4-d6', 'b2-b3');
    expect(isLegal(pos, 'd6-d4'), draw(pos)).toBe(false);
    expect(destinations(pos, 'd6'), draw(pos)).toEqual(
      ['a6', 'b6', 'c6', 'd1', 'd2', 'd3', 'd5', 'd7', 'e6', 'f6', 'g6'].sort(),
    );
  });

  it('"A position set up with the king off the throne counts as one where the king has already left it": he may not stop on it', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . K . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(isLegal(pos, 'd5-d4'), draw(pos)).toBe(false);
  });

  it('"the throne is hostile to no one": a defender does not capture an attacker against the empty throne', () => {
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
    expect(captured(pos), draw(pos)).toEqual([]);
  });

  it('"the throne is hostile to no one": an attacker does not capture a defender against the empty throne', () => {
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
    expect(captured(pos), draw(pos)).toEqual([]);
  });

  it('"The throne with the king on it counts as the king", who is armed: an attacker beside him is captured', () => {
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
});

describe('brandubh-2019: the corners, "Only the corners are hostile", "corners: stop / hostile / immune: king / all / no"', () => {
  it('"no piece but the king may stop on the corners": a defender may not', () => {
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

  it('a defender captures an attacker against a corner', () => {
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

  it('an attacker captures a defender against a corner', () => {
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

  it('one attacker and a corner capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . A . . . . .
      2 K . . . . . .
      1 . . . . . D .
        a b c d e f g`,
    );
    play(pos, 'b3-a3');
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });
});

describe('brandubh-2019: "king armed: yes (reading)", "the king captures, being one of the defenders\' own pieces"', () => {
  it("the king's own move captures an attacker against a defender", () => {
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
    expect(captured(pos), draw(pos)).toEqual(['c5']);
  });

  it("the king is the far piece of a defender's capture", () => {
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
    expect(captured(pos), draw(pos)).toEqual(['c5']);
  });
});

describe('brandubh-2019: the king\'s capture, "The king is captured by two attackers anywhere except on the throne (four)"', () => {
  it('two attackers on a line capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . A . . .
      6 . A K . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd7-d6');
    expect(captured(pos), draw(pos)).toEqual(['c6']);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('two attackers on a line capture the king next to the throne too', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . A . .
      5 . . A K . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e6-e5');
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('"an attacker and the empty throne do not capture him"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . A . . .
      6 . . . . . . .
      5 . . . K . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd7-d6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"the edge never counts": one attacker next to the king on the edge does not capture him', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A . . . . .
      5 K . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'b6-b5');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"4 on throne": four attackers capture the king on the throne', () => {
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

  it('"4 on throne": two attackers on a line do not capture the king on the throne', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . A K . A .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'f4-e4');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"4 on throne": three attackers do not capture the king on the throne', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . A K A . .
      3 . . . . . . .
      2 . . . A . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd2-d3');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"the attacker that moves must end next to the king, as one of the pieces that capture him"', () => {
    // The king stands between b6 and b4 already; c5 is next to him but on another line.
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A . . . . .
      5 . K . . . . .
      4 . A . . . . .
      3 . . A . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c3-c5');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('brandubh-2019: the end of the game', () => {
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

  it('"no moves: loses" ("Si un jugador no puede mover ninguna pieza pierde la partida"): the attackers lose', () => {
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
    // The king leaves the throne, where no piece may stop any more: nobody can move.
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . A A A A A .
      6 A A A A A A A
      5 A A D . D A A
      4 A A D K D A A
      3 A A D D D A A
      2 A A A A A A A
      1 . A A A A A .
        a b c d e f g`,
    );
    play(pos, 'd4-d5');
    expect(outcome(pos), draw(pos)).toBe('defenders win: no legal move');
  });
});

describe('brandubh-2019: "draws: (house rule) repetition", "the third occurrence of the same position with the same side to move is a draw"', () => {
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

describe('brandubh-2019: "After each move, the first of these that applies ends the game"', () => {
  it('"the king escaped" comes before "the side to move has no legal move"', () => {
    // The king's move to the corner captures the last attacker.
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 D . . . . . .
      2 A . . . . . .
      1 . . . . K . .
        a b c d e f g`,
    );
    play(pos, 'e1-a1');
    expect(captured(pos), draw(pos)).toEqual(['a2']);
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });

  it('"the king captured" comes before "the side to move has no legal move"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . A K . A . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e2-d2');
    expect(pos.pieceCount('defenders')).toBe(0);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });
});
