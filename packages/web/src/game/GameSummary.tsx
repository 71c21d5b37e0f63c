/** One game in a list (in progress on the start page, finished in the archive): a link to it. */

import { moveCount } from '../analysis/numbering.js';
import { ANALYSIS_TEXT } from '../analysis/text.js';
import type { Lang, Messages } from '../i18n/index.js';
import { rulesetName } from '../rules/names.js';
import { endSquare } from './announce.js';
import { endReasonText, resultText } from './Announcements.js';
import { deriveGame, rulesOf, type Game, type GameResult } from './model.js';

export function GameSummary(props: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly game: Game;
  /** The link's text: continue, replay. */
  readonly action: string;
  readonly onDelete: () => void;
  /** Offer the analysis board too (a finished game). */
  readonly analysis?: boolean;
}) {
  const { t, lang, game, action, onDelete } = props;
  const rules = rulesOf(game.rules);
  const name = rules.ok ? rulesetName(rules.value, lang) : String(game.rules);
  const when = new Date(game.updated).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const href = `#/game/${encodeURIComponent(game.id)}`;
  return (
    <li class="game-summary" data-game={game.id}>
      <a class="game-summary-main" href={href}>
        <span class="game-summary-name">{name}</span>
        <span class="game-summary-meta">
          {game.opponent.kind === 'local' ? t.vsLocal : t.vsComputer(game.opponent.level)} ·{' '}
          {t.moveCount(moveCount(game.moves.length, game.turn))} ·{' '}
          <time dateTime={new Date(game.updated).toISOString()}>{when}</time>
        </span>
        {game.result && (
          <span class={`game-summary-result result-${game.result.winner}`}>
            {resultText(t, game.result)}{' '}
            {endReasonText(
              t,
              { kind: 'end', result: game.result, ...kingAtEnd(game, game.result) },
              rules.ok ? rules.value.quietPlyLimit : 0,
              rules.ok ? rules.value.size : 7,
            )}
          </span>
        )}
      </a>
      <span class="game-summary-actions">
        <a class="action primary small" href={href}>
          {action}
        </a>
        {props.analysis && (
          <a class="action small" href={`#/analysis/${encodeURIComponent(game.id)}`}>
            {ANALYSIS_TEXT[lang].openBoard}
          </a>
        )}
        <button
          type="button"
          class="action small subtle"
          aria-label={t.deleteGameNamed(name)}
          onClick={onDelete}
        >
          {t.deleteGame}
        </button>
      </span>
    </li>
  );
}

/** The king's exit square, or the square where he was captured, when the game ended so. */
function kingAtEnd(game: Game, result: GameResult): { king?: number } {
  if (result.reason !== 'escape' && result.reason !== 'king captured') return {};
  try {
    const derived = deriveGame(game);
    const king = derived.ok ? endSquare(derived.value.position, result) : undefined;
    return king === undefined ? {} : { king };
  } catch {
    return {};
  }
}
