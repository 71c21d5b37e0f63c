/**
 * The page's title follows the screen ("Brandubh vs computer (level 4) — your move"), so a tab,
 * the history and a screen reader say where the player is. Each screen calls `useTitle` with
 * what it shows; the app's name is added after it. The parts of the game screens' titles are made
 * here from what those screens already hold, so each of them needs one line.
 */

import { opposite, type Ruleset, type Side } from '@tafl/core';
import type { GameHeader } from '@tafl/server/protocol';
import { useEffect } from 'preact/hooks';
import type { DerivedGame, Game } from '../game/model.js';
import type { Lang, Messages } from '../i18n/index.js';
import { findRuleset } from '../rules/catalog.js';
import { rulesetName } from '../rules/names.js';
import { FRONT_TEXT } from './text.js';

export const titleOf = (parts: readonly (string | undefined)[], appName: string): string =>
  [...parts.filter((p): p is string => !!p), appName].join(' — ');

/** Sets the document's title while the screen is shown. */
export function useTitle(appName: string, ...parts: (string | undefined)[]): void {
  const title = titleOf(parts, appName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

type Winner = Side | 'draw' | 'none';

function resultPart(lang: Lang, winner: Winner): string {
  const f = FRONT_TEXT[lang];
  return winner === 'attackers'
    ? f.titleAttackersWon
    : winner === 'defenders'
      ? f.titleDefendersWon
      : winner === 'draw'
        ? f.titleDrawn
        : f.titleNoResult;
}

const toMovePart = (lang: Lang, side: Side): string =>
  side === 'attackers' ? FRONT_TEXT[lang].titleAttackersToMove : FRONT_TEXT[lang].titleDefendersToMove;

/** The side to move after `plies` plies from a start where `first` moves. */
const sideAfter = (first: Side, plies: number): Side => (plies % 2 === 0 ? first : opposite(first));

/**
 * A game of this device: "Brandubh (2019 blog) vs computer (level 3)" or the ruleset's name alone
 * for two players here, then who is to move ("your move", "the computer is thinking", "attackers
 * to move") or the result.
 */
export function localGameTitle(
  lang: Lang,
  game: Game,
  derived:
    { readonly ok: true; readonly value: Pick<DerivedGame, 'rules' | 'result'> } | { readonly ok: false },
  thinking: boolean,
): string[] {
  const f = FRONT_TEXT[lang];
  const rules = derived.ok ? derived.value.rules : undefined;
  const result = derived.ok ? derived.value.result : undefined;
  const name = rules ? rulesetName(rules, lang) : undefined;
  const opponent = game.opponent;
  const head = name && opponent.kind === 'computer' ? f.titleVsComputer(name, opponent.level) : name;
  const ended = result ?? game.result;
  if (ended) return [head, resultPart(lang, ended.winner)].filter((p): p is string => !!p);
  const toMove = sideAfter(game.turn, game.moves.length);
  const state =
    opponent.kind !== 'computer'
      ? toMovePart(lang, toMove)
      : toMove === opponent.human
        ? f.titleYourMove
        : thinking
          ? f.titleThinking
          : toMovePart(lang, toMove);
  return [head, state].filter((p): p is string => !!p);
}

/**
 * An online game: "Brandubh (2019 blog) vs Bob — your move" for a player, the ruleset's name and
 * "online" for a watcher, then the state: waiting for an opponent, who is to move, the result.
 */
export function onlineGameTitle(
  t: Messages,
  lang: Lang,
  header: GameHeader | undefined,
  rules: Ruleset | undefined,
  you: Side | null,
  plies: number,
): string[] {
  const f = FRONT_TEXT[lang];
  if (!header) return [t.onlineGame];
  const name = rules && header.rulesId ? rulesetName(rules, lang) : header.rulesName;
  const other = you ? header.seats[opposite(you)].name : null;
  const head = other ? f.titleVsName(name, other) : f.titleOnline(name);
  if (header.status === 'waiting') return [head, f.titleWaiting];
  if (header.status !== 'playing') return [head, header.result ? resultPart(lang, header.result.winner) : ''];
  const toMove = sideAfter(rules?.firstToMove ?? 'attackers', plies);
  return [head, you === toMove ? f.titleYourMove : toMovePart(lang, toMove)];
}

/** The rules index ("Rules") or one ruleset's page ("Rules: Ard Ri (Spanish article)"). */
export function rulesTitle(t: Messages, lang: Lang, id: string | undefined): string[] {
  const rules = id === undefined ? undefined : findRuleset(id);
  return [rules ? FRONT_TEXT[lang].titleRules(rulesetName(rules, lang)) : t.rules];
}
