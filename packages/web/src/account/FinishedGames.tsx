/**
 * The signed-in player's finished online games (MyGames.finished, the latest first), as "My
 * games" and "Finished games" list them: the ruleset, the opponent, the player's side, the clock
 * and the date; the result told to the player ("You won", "You lost") with why, and a rated
 * game's rating change; a link to replay the game and one to its analysis board.
 */

import { opposite, presetById } from '@tafl/core';
import type { PlayerGame } from '@tafl/server/protocol';
import { ANALYSIS_TEXT } from '../analysis/text.js';
import { reasonText } from '../game/Announcements.js';
import type { Lang, Messages } from '../i18n/index.js';
import { timeControlText } from '../online/OnlineScreen.js';
import { playText } from '../online/play-text.js';
import { diffText } from '../players/format.js';
import { describeRuleset } from '../rules/describe.js';
import { accountText } from './text.js';

/** The result of a finished game as its player reads it: won, lost or drawn. */
export function resultFor(t: Messages, game: PlayerGame): string {
  const winner = game.result?.winner;
  const p = playText(t);
  if (winner === game.side) return p.youWon;
  if (winner === opposite(game.side)) return p.youLost;
  return winner === 'draw' ? p.drawn : t.abortedResult;
}

export function FinishedGames(props: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly games: readonly PlayerGame[];
}) {
  const { t, lang, games } = props;
  return (
    <ul class="game-list finished-online" data-testid="finished-online">
      {games.map((g) => (
        <FinishedGame key={g.id} t={t} lang={lang} game={g} />
      ))}
    </ul>
  );
}

function FinishedGame({
  t,
  lang,
  game,
}: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly game: PlayerGame;
}) {
  const a = accountText(t);
  const preset = game.rulesId === null ? undefined : presetById(game.rulesId);
  const name = preset ? describeRuleset(preset, lang).name : game.rulesName;
  const opponent = game.seats[opposite(game.side)].name ?? t.seatFree;
  const side = (game.side === 'attackers' ? t.attackers : t.defenders).toLocaleLowerCase(lang);
  const href = `#/online/${encodeURIComponent(game.id)}`;
  const when = new Date(game.updatedAt);
  const won = game.result?.winner === game.side;
  const lost = game.result?.winner === opposite(game.side);
  return (
    <li class="game-summary lobby-game" data-game={game.id}>
      <a class="game-summary-main" href={href}>
        <span class="game-summary-name">
          {name}
          {game.rated && <span class="rated-mark">{a.rated}</span>}
        </span>
        <span class="game-summary-meta">
          {a.against(opponent)} · {a.asSide(side)} · {timeControlText(t, game.time)} ·{' '}
          <time dateTime={when.toISOString()}>
            {when.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </span>
        <span
          class={`game-summary-result result-${won ? 'won' : lost ? 'lost' : 'drawn'}`}
          data-testid="finished-result"
        >
          <strong>{resultFor(t, game)}</strong>
          {game.result && ` ${reasonText(t, game.result, preset?.quietPlyLimit ?? 0)}`}
          {game.ratingDiff !== null && (
            <span
              class={`rating-diff${game.ratingDiff > 0 ? ' is-up' : game.ratingDiff < 0 ? ' is-down' : ''}`}
              title={playText(t).ratingChange}
              data-testid="finished-rating"
            >
              {' '}
              {diffText(game.ratingDiff)}
            </span>
          )}
        </span>
      </a>
      <span class="game-summary-actions">
        <a class="action small primary" href={href}>
          {t.replay}
        </a>
        <a class="action small" href={`#/analysis/online/${encodeURIComponent(game.id)}`}>
          {ANALYSIS_TEXT[lang].openBoard}
        </a>
      </span>
    </li>
  );
}
