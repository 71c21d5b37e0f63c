/**
 * Links that open a position or a game: the route `#/open?...` (app/router.ts) with these
 * parameters, all optional but the rules:
 *
 *     rules=ID            a preset's id (`brandub-fr`) or one of the player's own rulesets
 *     rulestring=OTN      the rules as an OTN rules string, for rules the other device may not
 *                         have (the player's own); used when `rules` is absent or unknown there
 *     position=OTN        the start, an OTN position record (`/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/`);
 *                         the ruleset's start when absent
 *     turn=SIDE           `attackers` or `defenders`, the side to move at `position`; the
 *                         ruleset's first side when absent
 *     moves=M M ...       moves from the start, OTN move records separated by spaces (a `+` in
 *                         the query), captures optional: `d2-e2 d5-e5 e2-e4`
 *     ply=N               open the game showing the position after N moves (replay)
 *     level=N side=SIDE   play against the computer at level N (1..6), the person taking SIDE
 *
 *     #/open?rules=brandub-fr&position=/3t3/.../&turn=defenders
 *     #/open?rules=plazoleta&moves=d2-e2+d5-e5&ply=1
 *
 * Links are written with squares only (`d2-e2`): captures and info symbols are derived when the
 * game is replayed, and `+` would need escaping. Reading a link checks everything the way an
 * imported record is checked, and a failure says which parameter is wrong.
 */

import {
  SIDES,
  geometry,
  makeMoveSquares,
  makeRules,
  parseRules,
  presetById,
  type Result,
  type Ruleset,
  type Side,
} from '@tafl/core';
import { LEVELS, createGame, deriveGame, presetLike, type Game, type Level, type NewGame } from './model.js';

export const LINK_ERRORS = {
  rules: 'ERR_LINK_RULES',
  position: 'ERR_LINK_POSITION',
  turn: 'ERR_LINK_TURN',
  move: 'ERR_LINK_MOVE',
  level: 'ERR_LINK_LEVEL',
  ply: 'ERR_LINK_PLY',
} as const;
export type LinkError = (typeof LINK_ERRORS)[keyof typeof LINK_ERRORS];

/** What a link opens: a new game, and the ply to show (undefined: the last). */
export interface LinkedGame {
  readonly game: NewGame;
  readonly ply?: number;
}

/** The `#/open?...` link of a game, showing the position after `ply` moves (the last by default). */
export function makeLink(game: Game, ply?: number): string {
  const derived = deriveGame(game);
  const params = new URLSearchParams();
  const rules = derived.ok ? derived.value.rules : undefined;
  if (typeof game.rules === 'string') params.set('rules', game.rules);
  else {
    params.set('rules', game.rules.id);
    params.set('rulestring', makeRules(game.rules));
  }
  if (rules === undefined || game.start !== rules.start || game.turn !== rules.firstToMove) {
    params.set('position', game.start);
    params.set('turn', game.turn);
  }
  if (derived.ok && derived.value.plies.length > 0) {
    const geo = geometry(derived.value.rules.size);
    params.set('moves', derived.value.plies.map((p) => makeMoveSquares(geo, p.move)).join(' '));
  }
  if (ply !== undefined && ply < game.moves.length) params.set('ply', String(ply));
  return `#/open?${params.toString()}`;
}

/** The link of a position alone: a game starting there. */
export function makePositionLink(rules: Ruleset, position: string, turn: Side): string {
  const params = new URLSearchParams();
  params.set('rules', rules.id);
  if (!presetById(rules.id)) params.set('rulestring', makeRules(rules));
  params.set('position', position);
  params.set('turn', turn);
  return `#/open?${params.toString()}`;
}

/** Reads a link's parameters (`own`: the player's rulesets) into a checked new game. */
export function parseLink(
  query: URLSearchParams,
  own: readonly Ruleset[] = [],
): Result<LinkedGame, LinkError> {
  const rules = linkRules(query, own);
  if (!rules.ok) return rules;
  const turn = query.get('turn');
  if (turn !== null && !(SIDES as readonly string[]).includes(turn))
    return fail(LINK_ERRORS.turn, `turn must be attackers or defenders, not "${turn}"`);
  const level = query.get('level');
  const side = query.get('side') ?? 'attackers';
  if (level !== null && !(LEVELS as readonly number[]).includes(Number(level)))
    return fail(LINK_ERRORS.level, `level must be a number from 1 to 6, not "${level}"`);
  if (level !== null && !(SIDES as readonly string[]).includes(side))
    return fail(LINK_ERRORS.level, `side must be attackers or defenders, not "${side}"`);
  const moves = (query.get('moves') ?? '').split(/[\s,]+/).filter((m) => m !== '');
  const position = query.get('position');
  const spec: NewGame = {
    rules: rules.value,
    ...(position !== null ? { start: position } : {}),
    ...(turn !== null ? { turn: turn as Side } : {}),
    moves,
    opponent:
      level === null
        ? { kind: 'local' }
        : { kind: 'computer', level: Number(level) as Level, human: side as Side },
  };
  const checked = createGame(spec);
  if (!checked.ok)
    return fail(checked.code === 'ERR_GAME_MOVE' ? LINK_ERRORS.move : LINK_ERRORS.position, checked.message);
  const plyText = query.get('ply');
  if (plyText === null) return { ok: true, value: { game: spec } };
  const ply = Number(plyText);
  if (!Number.isInteger(ply) || ply < 0 || ply > moves.length)
    return fail(LINK_ERRORS.ply, `ply must be a whole number from 0 to ${moves.length}, not "${plyText}"`);
  return { ok: true, value: { game: spec, ply } };
}

/** A preset's id, the player's ruleset, or the rules string's ruleset (as a preset if it is one). */
function linkRules(query: URLSearchParams, own: readonly Ruleset[]): Result<string | Ruleset, LinkError> {
  const id = query.get('rules');
  if (id !== null && presetById(id)) return { ok: true, value: id };
  const mine = own.find((r) => r.id === id);
  if (mine) return { ok: true, value: mine };
  const text = query.get('rulestring');
  if (text === null)
    return fail(
      LINK_ERRORS.rules,
      id === null ? 'the link names no ruleset' : `there is no ruleset with the id "${id}" on this device`,
    );
  const parsed = parseRules(text);
  if (!parsed.ok) return fail(LINK_ERRORS.rules, parsed.message);
  const preset = presetLike(parsed.value);
  if (preset && parsed.value.start === preset.start) return { ok: true, value: preset.id };
  return { ok: true, value: id !== null ? { ...parsed.value, id } : parsed.value };
}

const fail = (code: LinkError, message: string): { ok: false; code: LinkError; message: string } => ({
  ok: false,
  code,
  message,
});
