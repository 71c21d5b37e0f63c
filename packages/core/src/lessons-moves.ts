/**
 * The lessons' positions on moving and capturing (lessons.ts checks and offers them): how the
 * soldiers and the king move, the throne and the corners, the captures of soldiers.
 */

import type { Ruleset } from './rules.js';
import type { Draft, LessonId } from './lessons-draft.js';

export function moveLessons(r: Ruleset): Draft[] {
  const rook = r.soldierMove === 'rook';
  const out: Draft[] = [
    {
      id: 'move',
      turn: 'attackers',
      move: rook ? 'b2-b5' : 'b2-b3',
      fixed: [rook ? 'b2-b5' : 'b2-b3'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . D . . . . .
        . . . . . K .
        . . . . . . .
        . . . . . . .
        . A . . . . .
        . . . . . . .`,
    },
    {
      id: 'king-move',
      turn: 'defenders',
      move: r.kingMove === 'rook' ? 'b5-f5' : 'b5-c5',
      fixed: [r.kingMove === 'rook' ? 'b5-f5' : 'b5-c5'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . K . . . . A
        . . . . . . .
        . . . . . . .
        . . . . . A .
        . . . . . . .`,
    },
  ];
  const throne = `
        . . . . . . .
        . . . . . D .
        . . . . . . .
        A . . . . . .
        . . . . . . .
        . . . . K . .
        . . . . . . .`;
  if (rook && r.thronePassage === 'everyone')
    out.push({
      id: 'throne-pass',
      turn: 'attackers',
      move: 'a4-f4',
      fixed: ['a4-f4', 'a4-e4', 'a4-g4'],
      expect: { noCapture: true },
      drawing: throne,
    });
  if (rook && r.thronePassage === 'king')
    out.push({
      id: 'throne-block',
      turn: 'attackers',
      move: 'a4-c4',
      fixed: ['a4-c4'],
      expect: { noCapture: true },
      drawing: throne,
    });
  if (r.kingReturns)
    out.push({
      id: 'king-throne',
      turn: 'defenders',
      move: 'd5-d4',
      fixed: ['d5-d4'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . A . . . . .
        . . . . . . .`,
    });
  else if (r.kingMove === 'rook')
    out.push({
      id: 'king-throne',
      turn: 'defenders',
      move: 'd6-d2',
      fixed: ['d6-d2', 'd6-d3'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . K . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . A . . .`,
    });
  if (r.cornerStop === 'king-and-defenders')
    out.push({
      id: 'corner-defender',
      turn: 'defenders',
      move: 'b1-a1',
      fixed: ['b1-a1'],
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . K . .
        . . . . . . .
        . . . . . A .
        . . . . . . .
        . D . . . . .`,
    });
  return out;
}

export function captureLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [
    {
      id: 'capture',
      turn: 'attackers',
      move: 'd1-d2',
      target: 'c2',
      expect: { captures: ['c2'] },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . A D . . . .
        . . . A . . .`,
    },
    {
      id: 'capture-edge',
      turn: 'attackers',
      move: 'c3-c2',
      fixed: ['c3-c2'],
      target: 'c1',
      expect: { noCapture: true },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . A . . . .
        . . . . . . .
        . . D . . . .`,
    },
  ];
  // Against the throne: a defender taken by the attackers where the throne is hostile to
  // defenders, else an attacker taken by the defenders.
  const againstThrone = (id: LessonId, king: boolean): Draft | undefined => {
    const k = king ? 'K' : '.';
    const byAttackers = king
      ? r.throneHostileToDefenders === 'always'
      : r.throneHostileToDefenders !== 'never';
    const byDefenders = king
      ? r.throneHostileToAttackers === 'always' && !r.kingArmed
      : r.throneHostileToAttackers !== 'never';
    if (!byAttackers && !byDefenders) return undefined;
    const [mover, victim] = byAttackers ? ['A', 'D'] : ['D', 'A'];
    return {
      id,
      turn: byAttackers ? 'attackers' : 'defenders',
      move: 'c6-d6',
      target: 'd5',
      expect: { captures: ['d5'] },
      drawing: `
        . . . . . A .
        . . ${mover} . . . .
        . . . ${victim} . . .
        . . . ${k} . . .
        . . . . . . .
        . . . . . ${king ? 'D' : 'K'} .
        . . . . . . .`,
    };
  };
  const throne = againstThrone('capture-throne', false);
  if (throne) out.push(throne);
  const occupied = againstThrone('capture-throne-king', true);
  if (occupied) out.push(occupied);
  if (r.cornersHostile)
    out.push({
      id: 'capture-corner',
      turn: 'attackers',
      move: 'c2-c1',
      target: 'b1',
      expect: { captures: ['b1'] },
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . K .
        . . . . . . .
        . . . . . . .
        . . A . . . .
        . D . . . . .`,
    });
  const withKing = `
        . . . . . . .
        . . . . . A .
        . . . . . . .
        . . . . . . .
        . . . ${r.kingArmed ? '.' : 'D'} . . .
        . D A . K . .
        . . . . . . .`;
  out.push(
    r.kingArmed
      ? {
          id: 'capture-king-armed',
          turn: 'defenders',
          move: 'e2-d2',
          target: 'c2',
          expect: { captures: ['c2'] },
          drawing: withKing,
        }
      : {
          id: 'king-unarmed',
          turn: 'defenders',
          move: 'd3-d2',
          target: 'c2',
          trap: 'e2-d2',
          expect: { captures: ['c2'] },
          drawing: withKing,
        },
  );
  return out;
}
