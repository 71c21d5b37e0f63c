// ard-ri-fr: docs/rules.md, “ard-ri-fr” (the leaflet “Ard-ri et Brandub”, “Le Ard-ri”): its
// table of values and what the leaflet says, point by point. Every piece steps one square,
// and the king escapes on any edge square, so the diagrams keep him off the edge.
import { describe, expect, it } from 'vitest';
import { ardRiFr as rules, startingPosition } from '../../src/index.js';
import {
  at,
  captured,
  destinations,
  draw,
  isLegal,
  legalMoves,
  otn,
  outcome,
  play,
  record,
  setUp,
} from './diagram.js';

describe('ard-ri-fr: layout and first to move', () => {
  it('"Ard Ri (16 A, 8 D, K)", "first: D": the game starts from the Ard Ri layout, defenders to move', () => {
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
    expect(pos.turn, draw(pos)).toBe('defenders');
  });
});

describe('ard-ri-fr: its departures from the source (docs/rules.md, “ard-ri-fr”)', () => {
  it('"each point where a ruleset departs from its source\'s letter is a note, a reading or a house rule": the ruleset carries exactly these', () => {
    expect(rules.notes.map((n) => `${n.kind}: ${n.id} (${n.parameter})`)).toEqual([
      'reading: bothBlocked (blocked)',
      'reading: quietPlies (quietPlyLimit)',
    ]);
  });
});

describe('ard-ri-fr: movement, "every piece, the king too, moves one square"', () => {
  it('"soldier move: step (one square)": an attacker steps one square', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . A . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'c6'), draw(pos)).toEqual(['b6', 'c5', 'c7', 'd6']);
  });

  it('"soldier move: step (one square)": a defender steps one square', () => {
    const pos = setUp(
      rules,
      'defenders',
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
    expect(destinations(pos, 'f5'), draw(pos)).toEqual(['e5', 'f4', 'f6', 'g5']);
  });

  it('"king move: step (one square)": the king steps one square', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . K . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'c3'), draw(pos)).toEqual(['b3', 'c2', 'c4', 'd3']);
  });
});

describe('ard-ri-fr: the throne, "Only the king may stop on the throne (and return to it)"', () => {
  it('"(step moves never pass)": a soldier next to the empty throne cannot cross it', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . D . . .
      4 . . . . . . .
      3 . . K . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    expect(destinations(pos, 'd5'), draw(pos)).toEqual(['c5', 'd6', 'e5']);
  });

  it('"(step moves never pass)": the king beside the empty throne may stop on it, not cross it', () => {
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
    expect(destinations(pos, 'd5'), draw(pos)).toEqual(['c5', 'd4', 'd6', 'e5']);
  });

  it('"(and return to it)": the king steps off the throne and back onto it', () => {
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

  it('"The empty throne is hostile to everyone": a defender captures an attacker against it', () => {
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

  it('"The empty throne is hostile to everyone": an attacker captures a defender against it', () => {
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

  it('"throne hostile ... when empty": no capture of a defender against the throne with the king on it', () => {
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

describe('ard-ri-fr: the corners, "Only the king may stop on ... the corners ...; corners are hostile"', () => {
  it('a defender may not stop on a corner', () => {
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
});

describe('ard-ri-fr: "king armed: yes" ("il participe à la capture des assaillants, comme n\'importe quel garde")', () => {
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

describe('ard-ri-fr: the king\'s capture, "The king is captured only by four attackers, or three and the empty throne"', () => {
  it('four attackers capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K A . . .
      5 . . . . . . .
      4 . . A . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c4-c5');
    expect(captured(pos), draw(pos)).toEqual(['c6']);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('two attackers on a line do not capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A K . . . .
      5 . . . A . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . D .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd5-d6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('three attackers and a defender do not capture the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K . . . .
      5 . . D A . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd5-d6');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"or three and the empty throne": three attackers capture the king beside the empty throne', () => {
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

  it('"4 attackers ... anywhere": four attackers capture the king on the throne', () => {
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

  it('three attackers and a defender do not capture the king on the throne', () => {
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

describe('ard-ri-fr: the end of the game', () => {
  it('"he escapes on reaching any square of the edge"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . K . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . . . A .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c6-c7');
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });

  it('"A side with no legal move passes": its one legal move is the pass', () => {
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
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    expect(pos.mustPass(), draw(pos)).toBe(true);
    expect(legalMoves(pos), draw(pos)).toEqual(['pass']);
  });

  it('"A side with no legal move passes": after the pass the other side moves again', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . D A D . .
      6 . . . D . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'pass');
    expect(pos.turn, draw(pos)).toBe('defenders');
    expect(captured(pos), draw(pos)).toEqual([]);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"Il est interdit de passer son tour tant que des déplacements ... sont possibles": a side with a legal move may not pass', () => {
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
    expect(isLegal(pos, 'pass'), draw(pos)).toBe(false);
  });

  it('"passes (both blocked: draw)"', () => {
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
    expect(outcome(pos), draw(pos)).toBe('draw: no legal move for either side');
  });

  it('"defenders win when all attackers are captured: no": the attackers left with no piece pass', () => {
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
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    expect(legalMoves(pos), draw(pos)).toEqual(['pass']);
  });
});

describe('ard-ri-fr: "draws: 20 quiet plies", "twenty successive plies with no capture and no escape draw the game (reading: plies)"', () => {
  const shuffle = `
      7 . . . . . . .
      6 . . . . . D .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`;
  const cycle = ['b2-b3', 'f6-f5', 'b3-b2', 'f5-f6'];

  it('nineteen quiet plies do not end the game', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    for (let ply = 0; ply < 19; ply++) play(pos, cycle[ply % 4]!);
    expect(pos.quietPlies).toBe(19);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('the twentieth quiet ply draws', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    for (let ply = 0; ply < 20; ply++) play(pos, cycle[ply % 4]!);
    expect(outcome(pos), draw(pos)).toBe('draw: quiet moves');
  });

  it('a capture starts the count again', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . A . . . D .
      5 . D . . . . .
      4 A . . K . . .
      3 . . . . . . .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'a4-b4');
    expect(captured(pos), draw(pos)).toEqual(['b5']);
    const quiet = ['f6-f5', 'b4-b3', 'f5-f6', 'b3-b4'];
    for (let ply = 0; ply < 19; ply++) play(pos, quiet[ply % 4]!);
    expect(pos.ply).toBe(20);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    play(pos, quiet[19 % 4]!);
    expect(outcome(pos), draw(pos)).toBe('draw: quiet moves');
  });

  it('"A pass counts as a ply without a capture"', () => {
    // The attacker on d7 cannot move: the attackers pass while a defender goes to and fro.
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . D A D . .
      6 . . . D . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . D .
      2 . . . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    const cycle = ['pass', 'f3-f2', 'pass', 'f2-f3'];
    for (let ply = 0; ply < 19; ply++) play(pos, cycle[ply % 4]!);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    play(pos, cycle[19 % 4]!);
    expect(outcome(pos), draw(pos)).toBe('draw: quiet moves');
  });

  it('"repetition: not a rule": the third occurrence of a position does not end the game', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    for (let ply = 0; ply < 8; ply++) play(pos, cycle[ply % 4]!);
    expect(record(pos), draw(pos)).toBe(otn(shuffle));
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"Capturing is never compulsory": a side that can capture may make another move', () => {
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
    expect(isLegal(pos, 'a4-b4'), draw(pos)).toBe(true);
    play(pos, 'a4-a5');
    expect(captured(pos), draw(pos)).toEqual([]);
  });
});

describe('ard-ri-fr: "After each move, the first of these that applies ends the game"', () => {
  it('"the king escaped" comes before "the quiet-ply limit reached"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . K . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . D .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    const cycle = ['b2-b3', 'f3-f2', 'b3-b2', 'f2-f3'];
    for (let ply = 0; ply < 19; ply++) play(pos, cycle[ply % 4]!);
    play(pos, 'c6-c7');
    expect(pos.quietPlies).toBe(20);
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });
});
