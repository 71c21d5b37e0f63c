/**
 * What a rated online game did to its players' ratings, for its page: asked once the game has
 * ended (GET /api/games/ID/ratings), and again a few times, further apart each time, while the
 * server is still counting it (it rates a game a moment after its end, store/ratings.ts). A
 * casual or aborted game is never asked about.
 */

import type { Side } from '@tafl/core';
import type { GameRatings } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { familyName, playersText } from '../players/text.js';
import type { Messages } from '../i18n/index.js';
import { pageApi } from './api.js';
import { diffText } from '../players/format.js';
import { playText } from './play-text.js';

/** The waits before asking again while the end is being counted, in ms. */
export const RATINGS_RETRY_MS = [300, 700, 1500, 3000, 6000] as const;

export function useGameRatings(id: string, ended: boolean, rated: boolean): GameRatings | undefined {
  const [ratings, setRatings] = useState<GameRatings | undefined>();
  useEffect(() => {
    if (!ended || !rated) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (attempt: number): void => {
      void pageApi()
        .ratings(id)
        .then((answer) => {
          if (!alive || !answer.ok) return;
          setRatings(answer.value);
          const wait = RATINGS_RETRY_MS[attempt];
          if (answer.value.status === 'pending' && wait !== undefined)
            timer = setTimeout(() => ask(attempt + 1), wait);
        });
    };
    ask(0);
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [id, ended, rated]);
  return ratings;
}

/** The player's new rating, as the end of the game says it: "Brandubh rating 1662 (+162)". */
export function ratingLine(
  t: Messages,
  ratings: GameRatings | undefined,
  you: Side | null,
): string | undefined {
  const mine = you && ratings?.status === 'rated' ? ratings[you] : null;
  if (!mine) return undefined;
  return playText(t).ratingAfter(familyName(playersText(t), mine.family), mine.rating, diffText(mine.diff));
}
