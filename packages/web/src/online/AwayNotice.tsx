/**
 * The notice of a player's next visit (away.ts), on the start page and in the lobby: the games
 * of this browser's seats that ended while the player was away, each with its result and a link
 * to it, until dismissed. It looks up only the seats whose game was not over when last seen,
 * once per showing (nothing at all for a browser that holds no seat).
 */

import { useEffect, useState } from 'preact/hooks';
import { pageNetwork, useNetwork } from '../app/network.js';
import type { Lang, Messages } from '../i18n/index.js';
import { pageApi } from './api.js';
import { awayGames, awayLines, pageSeen, seatsToCheck, seenOf, type AwayGame } from './away.js';
import { presenceText } from './presence-text.js';
import { pageSeats } from './tokens.js';
import './online.css';

export function AwayNotice({ t, lang }: { readonly t: Messages; readonly lang: Lang }) {
  const [games, setGames] = useState<readonly AwayGame[]>([]);
  const network = useNetwork();
  // Asked once, and again when the network comes back (nothing while offline).
  useEffect(() => {
    if (pageNetwork().offline) return;
    let alive = true;
    const seats = pageSeats().all();
    const seen = pageSeen().read();
    void Promise.all(
      seatsToCheck(seats, seen).map(async (seat) => {
        const view = await pageApi().game(seat.id);
        return view.ok ? { seat, game: view.value } : undefined;
      }),
    ).then((found) => {
      if (!alive) return;
      const { notices, firstSeen } = awayGames(
        found.filter((f) => f !== undefined),
        seen,
      );
      pageSeen().mark(firstSeen, seats);
      setGames(notices);
    });
    return () => {
      alive = false;
    };
  }, [network.retry]);

  if (games.length === 0) return null;
  const p = presenceText(t);
  const dismiss = (): void => {
    pageSeen().mark(seenOf(games), pageSeats().all());
    setGames([]);
  };
  return (
    <section class="panel away-notice" aria-labelledby="away-title" data-testid="away-notice">
      <h2 id="away-title">{p.awayTitle}</h2>
      <p>{p.awayIntro(games.length)}</p>
      <ul>
        {awayLines(t, lang, games).map((line) => (
          <li key={line.id} data-game={line.id}>
            <a href={line.href}>{line.title}</a>
            {p.awaySep}
            <strong>{line.outcome}</strong> {line.reason}
          </li>
        ))}
      </ul>
      <button type="button" class="action primary" onClick={dismiss}>
        {p.awayDismiss}
      </button>
    </section>
  );
}
