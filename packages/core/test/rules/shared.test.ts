// docs/rules.md, "What every ruleset shares", checked under each of the eight rulesets. The diagrams
// use one-square moves of soldiers, away from the throne and the corners, so that they mean the
// same under every ruleset (ard-ri-fr's pieces only step; ard-ri-es's king does not capture).
import { describe, expect, it } from 'vitest';
import { PRESETS, makeMoveSquares, startingPosition } from '../../src/index.js';
import {
  at,
  captured,
  destinations,
  draw,
  isLegal,
  outcome,
  play,
  setUp,
  state,
  tryToSetUp,
} from './diagram.js';

for (const rules of PRESETS) {
  describe(`${rules.id}: what every ruleset shares`, () => {
    describe('"Players alternate, one piece a turn."', () => {
      it('after the attackers move one piece, the defenders are to move', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . A . . . D .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'b2-b3');
        expect(pos.turn, draw(pos)).toBe('defenders');
      });
    });

    describe('"Moves are orthogonal only"', () => {
      it('a soldier moves along its rank or its file, never diagonally', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . A . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . . . . . D .
          1 . . . . . . .
            a b c d e f g`,
        );
        const moves = destinations(pos, 'c6');
        expect(moves.length, draw(pos)).toBeGreaterThan(0);
        for (const to of moves) expect(to[0] === 'c' || to[1] === '6', `c6-${to}${draw(pos)}`).toBe(true);
        expect(isLegal(pos, 'c6-b5'), draw(pos)).toBe(false);
        expect(isLegal(pos, 'c6-d7'), draw(pos)).toBe(false);
      });
    });

    describe('"no piece jumps over another piece"', () => {
      it('a soldier cannot jump over the pieces next to it', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . D . . . . .
          2 . A A . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(isLegal(pos, 'b2-b4'), draw(pos)).toBe(false);
        expect(isLegal(pos, 'b2-d2'), draw(pos)).toBe(false);
      });
    });

    describe('"or ends on an occupied square"', () => {
      it('a soldier cannot stop on a square that holds a piece of either side', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . D . . . . .
          2 . A A . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(isLegal(pos, 'b2-b3'), draw(pos)).toBe(false);
        expect(isLegal(pos, 'b2-c2'), draw(pos)).toBe(false);
        expect(destinations(pos, 'b2'), draw(pos)).toEqual(['a2', 'b1']);
      });
    });

    describe('"throne: who may stop on it: king only (always, in every ruleset here)"', () => {
      it('an attacker next to the empty throne may not stop on it', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . A . . .
          4 . . . . . . .
          3 . . . . . . .
          2 . . . . . K .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(isLegal(pos, 'd5-d4'), draw(pos)).toBe(false);
        expect(destinations(pos, 'd5'), draw(pos)).not.toContain('d4');
      });

      it('a defender next to the empty throne may not stop on it', () => {
        const pos = setUp(
          rules,
          'defenders',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . . D . .
          3 . . . . . . .
          2 . A . . . K .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(isLegal(pos, 'e4-d4'), draw(pos)).toBe(false);
        expect(destinations(pos, 'e4'), draw(pos)).not.toContain('d4');
      });

      it('a position with a soldier on the throne cannot be set up', () => {
        const pos = tryToSetUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . D . . .
          3 . . . . . . .
          2 . A . . . K .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(pos.ok).toBe(false);
        expect(!pos.ok && pos.code).toBe('ERR_FORBIDDEN_SQUARE');
      });
    });

    describe('"corners: who may stop: king only, king and defenders" (never attackers)', () => {
      it('an attacker next to a corner may not stop on it', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . . . . . . .
          1 . A . . . . .
            a b c d e f g`,
        );
        expect(isLegal(pos, 'b1-a1'), draw(pos)).toBe(false);
      });

      it('a position with an attacker on a corner cannot be set up', () => {
        const pos = tryToSetUp(
          rules,
          'attackers',
          `
          7 . . . . . . A
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . A . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        expect(!pos.ok && pos.code).toBe('ERR_FORBIDDEN_SQUARE');
      });
    });

    describe('"Custodial capture: ... each enemy piece on a square n next to m (orthogonally) is captured when the square beyond it ... holds a capturing piece of S (a soldier of S ...)"', () => {
      it('an attacker captures a defender between itself and another attacker', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . A . . . . .
          5 . D . . . . .
          4 A . . K . . .
          3 . . . . . . .
          2 . . . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'a4-b4');
        expect(captured(pos), draw(pos)).toEqual(['b5']);
        expect(pos.pieceCount('defenders'), draw(pos)).toBe(1);
      });

      it('a defender captures an attacker between itself and another defender', () => {
        const pos = setUp(
          rules,
          'defenders',
          `
          7 . . . . . . .
          6 . . . . . D .
          5 . . . . . A .
          4 . . . K . . D
          3 . . . . . . .
          2 . A . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'g4-f4');
        expect(captured(pos), draw(pos)).toEqual(['f5']);
      });
    });

    describe('"One move may capture several pieces, each checked on its own line."', () => {
      it('an attacker captures three defenders at once, each against its own attacker', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . A . . . . .
          4 . D . K . . .
          3 A . D A . . .
          2 . D . . . . .
          1 . A . . . . .
            a b c d e f g`,
        );
        play(pos, 'a3-b3');
        expect(captured(pos), draw(pos)).toEqual(['b2', 'b4', 'c3']);
      });

      it('a neighbour whose own line ends on an empty square stays, while the others are captured', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . D . K . . .
          3 A . D A . . .
          2 . D . . . . .
          1 . A . . . . .
            a b c d e f g`,
        );
        play(pos, 'a3-b3');
        expect(captured(pos), draw(pos)).toEqual(['b2', 'c3']);
      });
    });

    describe('"Active capture only: a piece that moves between two enemies, or next to a hostile square, is not captured by that."', () => {
      it('a defender that moves between two attackers is not captured', () => {
        const pos = setUp(
          rules,
          'defenders',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . A . A . . .
          1 . . D . . . .
            a b c d e f g`,
        );
        play(pos, 'c1-c2');
        expect(captured(pos), draw(pos)).toEqual([]);
        expect(at(pos, 'c2'), draw(pos)).toBe('D');
        expect(outcome(pos), draw(pos)).toBe('ongoing');
      });

      it('an attacker that moves between two defenders is not captured', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . D . . . . .
          4 . . A K . . .
          3 . D . . . . .
          2 . . . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'c4-b4');
        expect(captured(pos), draw(pos)).toEqual([]);
        expect(pos.pieceCount('attackers'), draw(pos)).toBe(1);
      });

      it('a defender that moves between a corner and an attacker is not captured', () => {
        const pos = setUp(
          rules,
          'defenders',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . D . . . . .
          1 . . A . . . .
            a b c d e f g`,
        );
        play(pos, 'b2-b1');
        expect(pos.pieceCount('defenders'), draw(pos)).toBe(2);
      });

      it('an attacker that moves between a corner and a defender is not captured', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . D . .
          6 . . . . . A .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . . . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'f6-f7');
        expect(pos.pieceCount('attackers'), draw(pos)).toBe(1);
      });
    });

    describe('"The board edge is never hostile (no capture against the edge) in any ruleset here."', () => {
      it('a defender on the edge is not captured by one attacker moving next to it', () => {
        const pos = setUp(
          rules,
          'attackers',
          `
          7 . . . . . . .
          6 . A . . . . .
          5 D . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . . . . . . .
          1 . . . . . . .
            a b c d e f g`,
        );
        play(pos, 'b6-b5');
        expect(captured(pos), draw(pos)).toEqual([]);
      });

      it('an attacker on the edge is not captured by one defender moving next to it', () => {
        const pos = setUp(
          rules,
          'defenders',
          `
          7 . . . . . . .
          6 . . . . . . .
          5 . . . . . . .
          4 . . . K . . .
          3 . . . . . . .
          2 . . . . . D .
          1 . . . . A . .
            a b c d e f g`,
        );
        play(pos, 'f2-e2');
        expect(captured(pos), draw(pos)).toEqual([]);
      });
    });

    describe('"The king\'s capture is always completed by an attacker\'s move"', () => {
      // Under every ruleset the king on d5 would be captured here, had an attacker moved last:
      // two attackers on a line, three next to the throne, or three and the empty throne.
      const enclosure = `
          7 . . . . . . .
          6 . . . A . . .
          5 . . A . A . .
          4 . . . K . . .
          3 . . . . . . .
          2 . A . . . D .
          1 . . . . . . .
            a b c d e f g`;

      it('the king who steps between the attackers himself is not captured', () => {
        const pos = setUp(rules, 'defenders', enclosure);
        play(pos, 'd4-d5');
        expect(captured(pos), draw(pos)).toEqual([]);
        expect(outcome(pos), draw(pos)).toBe('ongoing');
      });

      it('"the attacker that moves must end next to the king": a move elsewhere does not capture him', () => {
        const pos = setUp(rules, 'defenders', enclosure);
        play(pos, 'd4-d5', 'b2-b3');
        expect(captured(pos), draw(pos)).toEqual([]);
        expect(outcome(pos), draw(pos)).toBe('ongoing');
      });
    });

    describe('undo: every move taken back restores the exact position', () => {
      it('a game of twelve plies from the start, taken back move by move, returns to the start', () => {
        const pos = startingPosition(rules);
        const start = state(pos);
        const states = [start];
        for (let ply = 0; ply < 12 && !pos.isOver(); ply++) {
          const moves = pos.legalMoves();
          play(pos, makeMoveSquares(pos.geo, moves[(ply * 7) % moves.length]!));
          states.push(state(pos));
        }
        while (pos.ply > 0) {
          states.pop();
          pos.undo();
          expect(state(pos), draw(pos)).toEqual(states[states.length - 1]);
        }
        expect(state(pos), draw(pos)).toEqual(start);
      });
    });
  });
}
