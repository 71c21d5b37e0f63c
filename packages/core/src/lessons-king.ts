/**
 * The lessons' positions on the king (lessons.ts checks and offers them): his escape, and how he
 * is captured (two or four sides, on and beside the throne, against a corner, the shield).
 */

import type { Ruleset } from './rules.js';
import type { Draft, LessonExpect } from './lessons-draft.js';

const kingTaken = (square: string): LessonExpect => ({
  captures: [square],
  kingCaptured: true,
  outcome: { winner: 'attackers', reason: 'king captured' },
});

export function escapeLessons(r: Ruleset): Draft[] {
  if (r.escape === 'corners')
    return [
      {
        id: 'escape-corner',
        turn: 'defenders',
        move: 'g2-g1',
        target: 'g2',
        expect: { outcome: { winner: 'defenders', reason: 'escape' } },
        drawing: `
          . . . . . . .
          . . . . A . .
          . . A . . . .
          . . . . . . .
          . . . . . . .
          . . . . . . K
          . . . . . . .`,
      },
    ];
  return [
    {
      id: 'escape-edge',
      turn: 'defenders',
      move: 'b4-a4',
      target: 'b4',
      expect: { outcome: { winner: 'defenders', reason: 'escape' } },
      drawing: `
        . . . . . . .
        . . A . . . .
        . . . . . . .
        . K . . . . .
        . . . . . . .
        . . . . A . .
        . . . . . . .`,
    },
  ];
}

export function kingCaptureLessons(r: Ruleset): Draft[] {
  const out: Draft[] = [];
  if (r.kingCapture === 2)
    out.push({
      id: 'king-capture-2',
      turn: 'attackers',
      move: 'd6-d5',
      target: 'c5',
      expect: kingTaken('c5'),
      drawing: `
        . . . . . . .
        . . . A . . .
        . A K . . . .
        . . . . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .`,
    });
  else
    out.push({
      id: 'king-capture-4',
      turn: 'attackers',
      move: 'd6-d5',
      target: 'c5',
      expect: kingTaken('c5'),
      drawing: `
        . . . . . . .
        . . A A . . .
        . A K . . . .
        . . A . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .`,
    });
  if (r.kingCapture === 2)
    out.push(
      r.kingCaptureOnThrone === 'four'
        ? {
            id: 'king-capture-throne',
            turn: 'attackers',
            move: 'c3-d3',
            target: 'd4',
            expect: kingTaken('d4'),
            drawing: `
              . . . . . . .
              . . . . . D .
              . . . A . . .
              . . A K A . .
              . . A . . . .
              . . . . . . .
              . . . . . . .`,
          }
        : {
            id: 'king-capture-throne',
            turn: 'attackers',
            move: 'e5-e4',
            target: 'd4',
            expect: kingTaken('d4'),
            drawing: `
              . . . . . . .
              . . . . . D .
              . . . . A . .
              . . A K . . .
              . . . . . . .
              . . . . . . .
              . . . . . . .`,
          },
    );
  const three = r.kingCaptureNextToThrone === 'three';
  if (three || r.throneHostileToKing) {
    const flanked = three || r.kingCapture === 4;
    out.push({
      id: 'king-capture-beside-throne',
      turn: 'attackers',
      move: 'd7-d6',
      target: 'd5',
      expect: kingTaken('d5'),
      drawing: `
        . . . A . . .
        . . . . . . .
        . . ${flanked ? 'A' : '.'} K ${flanked ? 'A' : '.'} . .
        . . . . . . .
        . . . . . . .
        . A . . . D .
        . . . . . . .`,
    });
  }
  if (r.cornersHostile && r.kingCapture === 2 && r.escape === 'corners')
    out.push({
      id: 'king-corner',
      turn: 'attackers',
      move: 'b3-a3',
      target: 'a2',
      expect: kingTaken('a2'),
      drawing: `
        . . . . . . .
        . . . . . . .
        . . . . . D .
        . . . . . . .
        . A . . . . .
        K . . . . . .
        . . . . . . .`,
    });
  if (r.kingAndShield)
    out.push({
      id: 'shield',
      turn: 'attackers',
      move: 'c6-d6',
      target: 'd5',
      expect: {
        captures: ['d4', 'd5'],
        kingCaptured: true,
        outcome: { winner: 'attackers', reason: 'king captured' },
      },
      drawing: `
        . . . . . . .
        . . A . . . .
        . . . D . . .
        . . A K A . .
        . . . A . . .
        . . . . . . .
        . . . . . . .`,
    });
  return out;
}
