// brandub-fr: docs/rules.md, “brandub-fr” (the leaflet “Ard-ri et Brandub”, “Le Brandub”): its
// table of values and what the leaflet says, point by point.
import { describe, expect, it } from 'vitest';
import { brandubFr as rules, squareName, startingPosition } from '../../src/index.js';
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

describe('brandub-fr: layout and first to move', () => {
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

describe('brandub-fr: its departures from the source (docs/rules.md, “brandub-fr”)', () => {
  it('"each point where a ruleset departs from its source\'s letter is a note, a reading or a house rule": the ruleset carries exactly these', () => {
    expect(rules.notes.map((n) => `${n.kind}: ${n.id} (${n.parameter})`)).toEqual([
      'reading: kingAgainstCorner (cornersHostile)',
      'reading: defenderOnCorner (cornerStop)',
      'reading: kingAndShield (kingAndShield)',
      'reading: escapeAnnouncement (escape)',
      'reading: bothBlocked (blocked)',
      'reading: quietPlies (quietPlyLimit)',
    ]);
  });
});

describe('brandub-fr: movement, "soldiers / king move: rook / rook"', () => {
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

describe('brandub-fr: the throne, "once the king has left the throne no piece may stop there, the king included (passing over is allowed)"', () => {
  it('"the king included": once he has left the throne he may not stop on it again', () => {
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

  it('"(passing over is allowed)": the king passes over the empty throne', () => {
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

  it('"(passing over is allowed)": an attacker passes over the empty throne, without stopping on it', () => {
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

  it('"The empty throne ... [is] hostile to everyone": a defender captures an attacker against it', () => {
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

  it('"The empty throne ... [is] hostile to everyone": an attacker captures a defender against it', () => {
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

  it('"throne hostile to A / D: when empty / when empty": no capture of a defender against the throne with the king on it', () => {
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

describe('brandub-fr: the corners, "corners: stop / hostile / immune: king and defenders / all / yes"', () => {
  it('"Defenders may stop on corners"', () => {
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
      1 . . . D . . .
        a b c d e f g`,
    );
    play(pos, 'd1-a1');
    expect(at(pos, 'a1'), draw(pos)).toBe('D');
  });

  it('"the empty corners are hostile to everyone": a defender captures an attacker against a corner', () => {
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

  it('"the empty corners are hostile to everyone": an attacker captures a defender against a corner', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . A . . . .
      1 . D . . . . .
        a b c d e f g`,
    );
    play(pos, 'c2-c1');
    expect(captured(pos), draw(pos)).toEqual(['b1']);
  });

  it('"the empty corners are hostile to everyone": one attacker and a corner capture the king', () => {
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

  it('"a corner where a defender stands ... captures attackers with that defender"', () => {
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . D . . . .
      1 D A . . . . .
        a b c d e f g`,
    );
    play(pos, 'c2-c1');
    expect(captured(pos), draw(pos)).toEqual(['b1']);
  });

  it('"a corner where a defender stands ... never captures defenders"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . . .
      2 . . A . . . .
      1 D D . . . . .
        a b c d e f g`,
    );
    play(pos, 'c2-c1');
    expect(captured(pos), draw(pos)).toEqual([]);
  });

  it('"a corner where a defender stands ... never captures defenders": nor the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . A . . . .
      1 D K . . . . .
        a b c d e f g`,
    );
    play(pos, 'c2-c1');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"A piece on a corner cannot be captured" (with a neutral edge this can never arise)', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 A . . . . . .
      2 . . . . . . .
      1 D A . . . . .
        a b c d e f g`,
    );
    play(pos, 'a3-a2');
    expect(at(pos, 'a1'), draw(pos)).toBe('D');
  });
});

describe('brandub-fr: "king armed: yes" ("il participe à la capture des attaquants, comme n\'importe quel prince")', () => {
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

describe('brandub-fr: the king\'s capture, "2; 3 next to throne; 4 on throne"', () => {
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

  it('"3 next to throne": three attackers capture the king beside the empty throne', () => {
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

  it('"the attacker that moves must end next to the king": a defender leaving a corner does not leave him captured', () => {
    // The king sits between the attacker on c1 and the corner a1, which stops being hostile
    // while a defender stands on it; the defender leaves, and then an attacker moves elsewhere.
    const pos = setUp(
      rules,
      'defenders',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . A .
      2 . . . . . . .
      1 D K A . . . .
        a b c d e f g`,
    );
    play(pos, 'a1-a4');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    play(pos, 'f3-f4');
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('brandub-fr: "King-and-shield: when the king is on the throne with attackers on three sides and a defender on the fourth, an attacker that moves to the square beyond that defender captures the defender and the king: attackers win"', () => {
  it('the attacker moving beyond the shield captures the shield and the king', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . A . . .
      4 . . A K A . .
      3 . . . D . . .
      2 . . . . . . .
      1 . . . A . . .
        a b c d e f g`,
    );
    play(pos, 'd1-d2');
    expect(captured(pos), draw(pos)).toEqual(['d3', 'd4']);
    expect(outcome(pos), draw(pos)).toBe('attackers win: king captured');
  });

  it('"It happens only when that move makes the sandwich (reading)": completing the three sides while an attacker already stands beyond the shield captures nothing', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . A . . .
      5 . . . . . . .
      4 . . A K A . .
      3 . . . D . . .
      2 . . . A . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'd6-d5');
    expect(captured(pos), draw(pos)).toEqual([]);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"with attackers on three sides": with a defender on another side the shield is not taken', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . A . . .
      4 . . A K D . .
      3 . . . D . . .
      2 . . . . . . .
      1 . . . A . . .
        a b c d e f g`,
    );
    play(pos, 'd1-d2');
    expect(captured(pos), draw(pos)).toEqual([]);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });

  it('"when the king is on the throne": away from it, the attacker beyond a shield takes nothing', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . A . . . .
      6 . A K A . . .
      5 . . D . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . A . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    play(pos, 'c2-c4');
    expect(captured(pos), draw(pos)).toEqual([]);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('brandub-fr: "Escape warning: ... the software announces it itself"', () => {
  it('the corners the king could reach with his next move are announced: "one or two exits"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . . . . .
      3 . . . . . . .
      2 . . . A . . .
      1 . . K . . . .
        a b c d e f g`,
    );
    expect(
      pos.escapeRoutes().map((sq) => squareName(pos.geo, sq)),
      draw(pos),
    ).toEqual(['a1', 'g1']);
  });
});

describe('brandub-fr: the end of the game', () => {
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

  it('"a side with no legal move passes": its one legal move is the pass', () => {
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
    expect(legalMoves(pos), draw(pos)).toEqual(['pass']);
    play(pos, 'pass');
    expect(pos.turn, draw(pos)).toBe('defenders');
  });

  it('"passes (both blocked: draw)": the king leaves the throne, and nobody can move', () => {
    // Defenders may stand on the corners here; the throne is the one empty square after the move.
    const pos = setUp(
      rules,
      'defenders',
      `
      7 D D D D D D D
      6 D D D D D D D
      5 A A D . D A A
      4 A A D K D A A
      3 A A A D A A A
      2 A A A A A A A
      1 D A A A A A D
        a b c d e f g`,
    );
    play(pos, 'd4-d5');
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

describe('brandub-fr: "draws: 20 quiet plies", "Twenty quiet plies draw, as in ard-ri-fr"', () => {
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

  it('"repetition: not a rule" ("no repetition rule"): the third occurrence of a position does not end the game', () => {
    const pos = setUp(rules, 'attackers', shuffle);
    for (let ply = 0; ply < 8; ply++) play(pos, cycle[ply % 4]!);
    expect(record(pos), draw(pos)).toBe(otn(shuffle));
    expect(outcome(pos), draw(pos)).toBe('ongoing');
  });
});

describe('brandub-fr: "After each move, the first of these that applies ends the game"', () => {
  it('"the quiet-ply limit reached" comes before "the side to move has no legal move"', () => {
    // The attackers cannot move and pass; a defender goes to and fro between d5 and d6; on the
    // twentieth quiet ply the king leaves the throne and nobody can move any more.
    const pos = setUp(
      rules,
      'attackers',
      `
      7 D D D D D D D
      6 D D D . D D D
      5 A A D D D A A
      4 A A D K D A A
      3 A A A D A A A
      2 A A A A A A A
      1 D A A A A A D
        a b c d e f g`,
    );
    const cycle = ['pass', 'd5-d6', 'pass', 'd6-d5'];
    for (let ply = 0; ply < 19; ply++) play(pos, cycle[ply % 4]!);
    expect(outcome(pos), draw(pos)).toBe('ongoing');
    play(pos, 'd4-d5');
    expect(pos.quietPlies).toBe(20);
    expect(outcome(pos), draw(pos)).toBe('draw: quiet moves');
  });

  it('"the king escaped" comes before "the quiet-ply limit reached"', () => {
    const pos = setUp(
      rules,
      'attackers',
      `
      7 . . . . . . .
      6 . . . . . . .
      5 . . . . . . .
      4 . . . K . . .
      3 . . . . . D .
      2 . A . . . . .
      1 . . . . . . .
        a b c d e f g`,
    );
    const cycle = ['b2-b3', 'f3-f2', 'b3-b2', 'f2-f3'];
    for (let ply = 0; ply < 17; ply++) play(pos, cycle[ply % 4]!);
    play(pos, 'd4-d7', 'b3-b2', 'd7-a7');
    expect(pos.quietPlies).toBe(20);
    expect(outcome(pos), draw(pos)).toBe('defenders win: escape');
  });
});
