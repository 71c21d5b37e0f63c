/**
 * "My games" (`#/games`): every game of the signed-in account in progress, on any device —
 * correspondence games waiting for my move first (the soonest deadline first, with the time
 * left), then the other games waiting for my move, then the rest. Each names the opponent, the
 * rules, the clock, whether it is rated, and opens the game. Below them, my finished games, the
 * latest first, with the result, the rating change, and links to replay and analyse each
 * (FinishedGames.tsx). It reads the list again every half minute and when the page comes back
 * into view; the header's count follows it. Signed out, it asks to sign in. Offline it says so
 * and asks nothing; it asks again when the network is back.
 */

import { opposite, presetById } from '@tafl/core';
import type { MyGames, PlayerGame } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { Lang, Messages } from '../i18n/index.js';
import type { ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { timeControlText } from '../online/OnlineScreen.js';
import { formatClock } from '../online/time.js';
import { describeRuleset } from '../rules/describe.js';
import { playText } from '../online/play-text.js';
import { pageAccountApi } from './api.js';
import { FinishedGames } from './FinishedGames.js';
import { pageAccount, useAccount } from './session.js';
import { orderMyGames } from './state.js';
import { accountText, type AccountText } from './text.js';
import '../game/game.css';
import '../online/online.css';
import './account.css';

/** How often the list is read again while shown. */
export const MY_GAMES_POLL_MS = 30_000;

export function MyGamesScreen({ lang, t }: ScreenProps) {
  const a = accountText(t);
  useTitle(t.appName, a.myGamesTitle);
  const account = useAccount();
  const signedIn = account.user !== null;
  const [games, setGames] = useState<MyGames | undefined>();
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const network = useNetwork();

  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    const read = (): void => {
      if (document.visibilityState === 'hidden' || pageNetwork().offline) return;
      void pageAccountApi()
        .myGames()
        .then((answer) => {
          if (!alive) return;
          setNow(Date.now());
          if (answer.ok) {
            setGames(answer.value);
            setRefused(undefined);
            pageAccount().counted(answer.value);
          } else setRefused(answer);
        });
    };
    read();
    const timer = setInterval(read, MY_GAMES_POLL_MS);
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') read();
    };
    document.addEventListener('visibilitychange', onVisible);
    addEventListener('focus', read);
    return () => {
      alive = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      removeEventListener('focus', read);
    };
  }, [signedIn, network.retry]);

  if (!account.loaded)
    return (
      <div class="account-screen wide">
        <h1>{a.myGamesTitle}</h1>
        <p role="status">{a.loading}</p>
      </div>
    );
  // Offline: who is signed in is not known until the network is back.
  if (account.unknown)
    return (
      <div class="account-screen wide my-games" data-screen="games">
        <h1>{a.myGamesTitle}</h1>
        <OfflineNotice t={t} />
      </div>
    );
  if (!signedIn)
    return (
      <div class="account-screen wide my-games" data-screen="games">
        <h1>{a.myGamesTitle}</h1>
        <p>{a.myGamesSignIn}</p>
        <p class="action-row">
          <a class="action primary" href="#/signin?from=%23%2Fgames">
            {a.signInButton}
          </a>
          <a class="action" href="#/signup?from=%23%2Fgames">
            {a.signUpTitle}
          </a>
        </p>
      </div>
    );

  const list = games ? orderMyGames(games.games) : undefined;
  return (
    <div class="account-screen wide my-games" data-screen="games">
      <h1>{a.myGamesTitle}</h1>
      <p class="account-note">{a.myGamesIntro}</p>
      <OfflineNotice t={t} />
      {refused && refused.code !== 'net/failed' && (
        <div class="banner banner-error" role="alert">
          <span class="banner-text">
            <strong>{a.loadFailed}</strong> {refusalText(t, refused.code, refused.message)}
          </span>
        </div>
      )}
      <section class="panel" aria-label={a.myGamesTitle}>
        {!list ? (
          <p class="empty">{refused || network.state !== 'online' ? '' : a.loading}</p>
        ) : list.length === 0 ? (
          <div data-testid="my-games-empty">
            <p class="empty">{a.myGamesEmpty}</p>
            <p class="action-row">
              <a class="action primary" href="#/lobby">
                {a.toLobby}
              </a>
              <a class="action" href="#/">
                {a.startGame}
              </a>
            </p>
          </div>
        ) : (
          <ul class="game-list" data-testid="my-games">
            {list.map((g) => (
              <MyGame key={g.id} t={t} a={a} lang={lang} game={g} now={now} />
            ))}
          </ul>
        )}
      </section>
      {games && (
        <section class="panel" aria-labelledby="my-finished-title" data-list="finished">
          <h2 id="my-finished-title">{t.lobbyFinished}</h2>
          {games.finished.length === 0 ? (
            <p class="empty" data-testid="finished-empty">
              {playText(t).finishedOnlineEmpty}
            </p>
          ) : (
            <FinishedGames t={t} lang={lang} games={games.finished} />
          )}
        </section>
      )}
    </div>
  );
}

function MyGame(props: {
  readonly t: Messages;
  readonly a: AccountText;
  readonly lang: Lang;
  readonly game: PlayerGame;
  readonly now: number;
}) {
  const { t, a, lang, game, now } = props;
  const preset = game.rulesId === null ? undefined : presetById(game.rulesId);
  const name = preset ? describeRuleset(preset, lang).name : game.rulesName;
  const opponent = game.seats[opposite(game.side)].name;
  const href = `#/online/${encodeURIComponent(game.id)}`;
  const side = (game.side === 'attackers' ? t.attackers : t.defenders).toLocaleLowerCase(lang);
  const left =
    game.myTurn && game.deadline !== null && game.time.kind === 'correspondence'
      ? formatClock(game.deadline - now, 'correspondence', { days: t.clockDays, hours: t.clockHours })
      : undefined;
  return (
    <li class="game-summary lobby-game" data-game={game.id} data-my-turn={game.myTurn ? 'yes' : 'no'}>
      <a class="game-summary-main" href={href}>
        <span class="game-summary-name">
          {name}
          {game.rated && <span class="rated-mark">{a.rated}</span>}
          {game.myTurn && <span class="watching-mark your-turn">{a.yourMove}</span>}
        </span>
        <span class="game-summary-meta">
          {opponent === null ? a.waitingOpponent : a.against(opponent)} · {a.asSide(side)} ·{' '}
          {timeControlText(t, game.time)}
          {!game.myTurn && game.status === 'playing' && <> · {a.theirMove}</>}
          {left !== undefined && (
            <>
              {' '}
              · <span class="deadline">{a.timeLeft(left)}</span>
            </>
          )}
        </span>
      </a>
      <span class="game-summary-actions">
        <a class={`action small${game.myTurn ? ' primary' : ''}`} href={href}>
          {game.myTurn ? a.playGame : a.openGame}
        </a>
      </span>
    </li>
  );
}
