// federation-brandubh: docs/rules.md, “federation-brandubh”, the World Tafl Federation rules: as
// `plazoleta`, except that the king moves like a rook. The rules of plazoleta are quoted from its
// table of values in docs/rules.md.
import { describe, expect, it } from 'vitest';
import { federationBrandubh as rules, startingPosition } from '../../src/index.js';
import { at, captured, destinations, draw, isLegal, otn, outcome, play, record, setUp } from './diagram.js';

describe('federation-brandubh: layout and first to move', () => {
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

describe('federation-brandubh: the marks of docs/rules.md', () => {
  it('a reference ruleset carries no *(reading)* or *(house rule)* mark', () => {
    expect(rules.notes).toEqual([]);
  });
});

describe('federation-brandubh: movement, "as plazoleta, except that the king moves like a rook"', () => {
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

  it('"except that the king moves like a rook"', () => {
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

describe('federation-brandubh: the throne, as plazoleta', () => {
  it('"Soldiers may pass over the empty throne": an attacker crosses it, without stopping on it', () => {
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

  it('"Soldiers may pass over the empty throne": a defender crosses it', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 D . . . . . .
      3 . . . . . . .
      2 . . . . . K .
      1 . . . A . . .
        a b c d e f g`,
    );
    play(pos, 'a4-g4');
    expect(at(pos, 'g4'), draw(pos)).toBe('D');
  });

  it('"the king moves like a rook": he crosses the empty throne, or stops on it', () => {
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
    expect(destinations(pos, 'd6'), draw(pos)).toEqual(
      ['a6', 'b6', 'c6', 'd1', 'd2', 'd3', 'd4', 'd5', 'd7', 'e6', 'f6', 'g6'].sort(),
    );
  });

  it('"the king ... may enter and leave the throne at will": he steps off it and back onto it', () => {
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
    play(pos, 'd4-d5', 'b2-b3', 'd5-d4');
    expect(at(pos, 'd4'), draw(pos)).toBe('K');
  });

  it('"A position set up with the king off the throne counts as one where the king has already left it": he may return', () => {
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
    expect(destinations(pos, 'd5'), draw(pos)).toContain('d4');
  });

  it('"The throne is always hostile to attackers": a defender captures an attacker against the empty throne', () => {
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

  it('"The throne is always hostile to attackers": also with the king on it', () => {
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

  it('"hostile to defenders only when empty": an attacker captures a defender against the empty throne', () => {
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

  it('"hostile to defenders only when empty": no capture against the throne with the king on it', () => {
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
    expect(captured(pos), draw(pos)).toEqual([]);
  });
});

describe('federation-brandubh: the corners, as plazoleta, "corners: stop / hostile / immune: king / all / no"', () => {
  it('"corners: who may stop: king only": a defender may not stop on a corner', () => {
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

  it('"Corners ... act as a wildcard piece for either side": a defender captures an attacker against a corner', () => {
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

  it('"Corners ... act as a wildcard piece for either side": an attacker captures a defender against a corner', () => {
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

  it('"Corners ... act as a wildcard piece for either side ... also against the king": one attacker and a corner capture him', () => {
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

describe('federation-brandubh: the king armed, as plazoleta, "king armed: yes"', () => {
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

describe('federation-brandubh: the king\'s capture, as plazoleta, "2; 3 next to throne; 4 on throne"', () => {
  it('"2 (custodial ...)": away from the throne, two attackers on a line capture the king', () => {
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

  it('"3 next to throne": three attackers on the free sides capture the king beside the empty throne', () => {
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

  it('"3 next to throne": two attackers on a line do not capture the king beside the throne', () => {
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
    expect(captured(pos), draw(pos)).toEqual([]);
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

describe('federation-brandubh: the end of the game, as plazoleta', () => {
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

  it('"Defenders also win by capturing every attacker"', () => {
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
    expect(captured(pos), draw(pos)).toEqual(['b5']);
    expect(outcome(pos), draw(pos)).toBe('defenders win: all attackers captured');
  });

  it('"no moves: loses": the attackers, left without a legal move, lose', () => {
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

  it('"no moves: loses": the defenders, left without a legal move, lose', () => {
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
      'attackers',
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
    expect(outcome(pos), draw(pos)).toBe('defenders win: no legal move');
  });
});

describe('federation-brandubh: "as plazoleta": repetition, "the third occurrence of the same position with the same side to move is a draw"', () => {
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
    expect(pos.ply).toBe(8);
    expect(outcome(pos), draw(pos)).toBe('draw: repetition');
  });

  it('"with the same side to move": the same board with the other side to move is another position', () => {
    // The attacker returns to b2 in three moves, the defender to f6 in two: the start's board
    // comes back at ply 5 with the defenders to move, and at ply 12 with the attackers to move.
    const pos = setUp(rules, 'attackers', shuffle);
    play(pos, 'b2-b5', 'f6-f5', 'b5-b3', 'f5-f6', 'b3-b2');
    expect(pos.turn).toBe('defenders');
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

describe('federation-brandubh: "After each move, the first of these that applies ends the game"', () => {
  it('"the king escaped" comes before "every attacker captured"', () => {
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
      1 . K . . . . .
        a b c d e f g`,
    );
    play(pos, 'b1-a1');
    expect(captured(pos), draw(pos)).toEqual(['a2']);
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });

  it('"every attacker captured" comes before "the side to move has no legal move"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . D A . D . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'e2-d2');
    expect(pos.pieceCount('attackers')).toBe(0);
    expect(outcome(pos), draw(pos)).toBe('defenders win: all attackers captured');
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
