/**
 * Every rule parameter in readable words, for `tafl rules ID`. The table is typed over all the
 * keys of `RuleParameters`, so a parameter added to the core without words here fails to compile
 * instead of silently missing from the rules page.
 */

import type { RuleParameters, RuleNote } from '@tafl/core';

type Words = readonly [label: string, value: (r: RuleParameters) => string];

const yesNo = (b: boolean): string => (b ? 'yes' : 'no');
const MOVE = { rook: 'any distance, like a rook', step: 'one square' } as const;
const HOSTILE = { always: 'always, even with the king on it', empty: 'when empty', never: 'never' } as const;

/**
 * Beside the throne. "As elsewhere" says it all for a king captured by two; for a king captured on
 * four sides it is worth spelling out: the empty throne is one of the four, or he is safe there.
 */
function nextToThroneWords(r: RuleParameters): string {
  if (r.kingCaptureNextToThrone === 'three')
    return 'by 3 attackers on the free sides (the empty throne closes the 4th)';
  if (r.kingCapture === 2) return 'as elsewhere';
  return r.throneHostileToKing
    ? 'as elsewhere: by 3 attackers, the empty throne closing the 4th side'
    : 'as elsewhere: never, as the throne does not count among the 4 sides';
}

export const PARAMETER_WORDS: { readonly [K in keyof RuleParameters]: Words } = {
  size: ['board', (r) => `${r.size}x${r.size}`],
  layout: ['layout', (r) => r.layout],
  start: ['starting position', (r) => r.start],
  firstToMove: ['first to move', (r) => r.firstToMove],
  soldierMove: ['soldiers move', (r) => MOVE[r.soldierMove]],
  kingMove: ['the king moves', (r) => MOVE[r.kingMove]],
  kingReturns: ['king may return to the throne', (r) => yesNo(r.kingReturns)],
  thronePassage: [
    'who may pass over the empty throne',
    (r) =>
      r.soldierMove === 'step' && r.kingMove === 'step'
        ? `${r.thronePassage === 'everyone' ? 'everyone' : 'the king only'}, but every piece moves one square: no one ever does`
        : r.thronePassage === 'everyone'
          ? 'everyone'
          : 'the king only',
  ],
  throneHostileToAttackers: ['throne hostile to attackers', (r) => HOSTILE[r.throneHostileToAttackers]],
  throneHostileToDefenders: ['throne hostile to defenders', (r) => HOSTILE[r.throneHostileToDefenders]],
  throneHostileToKing: ['empty throne hostile to the king', (r) => yesNo(r.throneHostileToKing)],
  cornerStop: [
    'who may stop on a corner',
    (r) => (r.cornerStop === 'king' ? 'the king only' : 'the king and the defenders'),
  ],
  cornersHostile: ['corners hostile', (r) => (r.cornersHostile ? 'to every piece' : 'to none')],
  cornerImmune: ['a piece on a corner is immune', (r) => yesNo(r.cornerImmune)],
  kingArmed: ['king armed (captures)', (r) => yesNo(r.kingArmed)],
  kingCapture: [
    'king captured',
    (r) =>
      r.kingCapture === 2
        ? 'by 2, custodially (hostile squares count)'
        : 'by 4, on all sides (attackers or hostile squares; never the edge)',
  ],
  kingCaptureOnThrone: [
    'king captured on the throne',
    (r) => (r.kingCaptureOnThrone === 'four' ? 'by attackers on all 4 sides' : 'as elsewhere'),
  ],
  kingCaptureNextToThrone: ['king captured next to the throne', nextToThroneWords],
  kingAndShield: ['king-and-shield capture', (r) => yesNo(r.kingAndShield)],
  escape: ['escape squares', (r) => (r.escape === 'corners' ? 'the corners' : 'any edge square')],
  allAttackersCapturedWins: [
    'all attackers captured',
    (r) => (r.allAttackersCapturedWins ? 'defenders win' : 'no rule'),
  ],
  blocked: [
    'a side with no legal move',
    (r) => (r.blocked === 'loses' ? 'loses' : 'passes (both blocked: a draw)'),
  ],
  repetitionDraws: ['third occurrence of a position', (r) => (r.repetitionDraws ? 'a draw' : 'no rule')],
  quietPlyLimit: [
    'quiet-move limit',
    (r) => (r.quietPlyLimit > 0 ? `a draw after ${r.quietPlyLimit} plies without a capture` : 'none'),
  ],
};

export const PARAMETER_KEYS = Object.keys(PARAMETER_WORDS) as (keyof RuleParameters)[];

export const parameterLabel = (key: keyof RuleParameters): string => PARAMETER_WORDS[key][0];

/** The marks of the notes on one parameter: ` (reading)`, ` (house rule)`, or nothing. */
export function noteMarks(notes: readonly RuleNote[], key: keyof RuleParameters): string {
  const kinds = [...new Set(notes.filter((n) => n.parameter === key).map((n) => n.kind))];
  return kinds.map((k) => ` (${k})`).join('');
}
