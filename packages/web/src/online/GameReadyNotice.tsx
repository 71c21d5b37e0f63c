/**
 * "Your game is ready": when a round of a tournament the player is in has been paired, a bar
 * under the header on whatever screen they are, naming the tournament, the round, the opponent
 * and the side, with one click to the game (ready.ts says which game, once). It follows "my
 * games" (account/session.ts), which the header reads every half minute; while one of the
 * player's tournaments is being played or about to start, it reads it every few seconds, so
 * that a live game's player is there within moments of the pairing. The game's own page and its
 * tournament's page (which says the same itself) show no bar; opening the game, or "Dismiss",
 * puts it aside. Its live region is always there, so a screen reader hears it appear.
 */

import { opposite } from '@tafl/core';
import type { MyGames } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageAccount, useAccount } from '../account/session.js';
import { pageNetwork } from '../app/network.js';
import type { Route } from '../app/router.js';
import type { Messages } from '../i18n/index.js';
import { playText } from './play-text.js';
import { pageAnnounced, readyGame, tournamentUnderWay } from './ready.js';
import '../app/pwa.css';
import './online.css';

/** How often "my games" is read while a tournament of the player's is under way. */
export const READY_POLL_MS = 4000;
/** A tournament that starts within this long counts as under way. */
export const READY_SOON_MS = 60_000;

export function GameReadyNotice({ t, route }: { readonly t: Messages; readonly route: Route }) {
  const account = useAccount();
  const session = pageAccount();
  const [games, setGames] = useState<MyGames | undefined>(() => session.games);
  const [announced, setAnnounced] = useState(() => pageAnnounced().all());
  useEffect(() => session.subscribeGames(setGames), [session]);
  const user = account.user?.id;
  useEffect(() => {
    if (user === undefined) setGames(undefined);
  }, [user]);

  // Read often while a tournament is under way (and the page is seen, and online).
  const urgent = user !== undefined && tournamentUnderWay(games, Date.now(), READY_SOON_MS);
  useEffect(() => {
    if (!urgent) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !pageNetwork().offline) void session.refreshCount();
    }, READY_POLL_MS);
    return () => clearInterval(timer);
  }, [urgent, session]);

  const put = (id: string): void => {
    pageAnnounced().add(id);
    setAnnounced(pageAnnounced().all());
  };
  // The game opened is announced no more.
  const opened = route.screen === 'online' ? route.id : undefined;
  useEffect(() => {
    if (opened !== undefined && !announced.has(opened)) put(opened);
  }, [opened]);

  const ready = user !== undefined && games ? readyGame(games, announced) : undefined;
  const shown =
    ready !== undefined &&
    ready.game.id !== opened &&
    !(route.screen === 'tournament' && route.id === ready.game.tournament);
  const p = playText(t);
  const game = ready?.game;
  return (
    <div class={`update-notice game-ready${shown ? ' is-shown' : ''}`} role="status" data-testid="game-ready">
      {shown && game && (
        <>
          <span class="update-text">
            {p.gameReady(ready.tournament.name, ready.tournament.round)}{' '}
            <span class="game-ready-detail">
              {p.gameReadyAgainst(
                game.seats[opposite(game.side)].name ?? t.seatFree,
                (game.side === 'attackers' ? t.attackers : t.defenders).toLowerCase(),
              )}
            </span>
          </span>
          <span class="update-buttons">
            <a
              class="action primary small"
              href={`#/online/${encodeURIComponent(game.id)}`}
              onClick={() => put(game.id)}
              data-testid="game-ready-go"
            >
              {p.goToGame}
            </a>
            <button type="button" class="action small" onClick={() => put(game.id)}>
              {t.dismiss}
            </button>
          </span>
        </>
      )}
    </div>
  );
}
