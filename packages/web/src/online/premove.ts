/**
 * Premoves in live games, as lichess has them: on the opponent's turn the player may choose a
 * move of their own (among core's `premoves`, the moves that may be legal once the opponent has
 * moved); it is marked on the board and played the moment the opponent's move arrives, if it is
 * legal then, or dropped (and the player told) if it is not. A press on the board that chooses
 * nothing, a right click or Escape cancels it. Correspondence games have none (a move there is
 * thought over), nor does a player who is not seated or a game that is not being played.
 *
 * The board knows no rules (board/api.ts): this hook gives it the premoves' destinations and the
 * premove chosen, and plays the premove through the screen's own `play`.
 */

import {
  encodeMove,
  moveFrom,
  moveTo,
  premoves,
  type Move,
  type Position,
  type Side,
  type Square,
} from '@tafl/core';
import { useEffect, useMemo, useState } from 'preact/hooks';

export type Premove = readonly [from: Square, to: Square];

/** What became of the last premove, for the player's live region. */
export type PremoveNews =
  | { readonly kind: 'set'; readonly move: Premove }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'dropped'; readonly move: Premove };

export interface PremoveInput {
  /** A live or untimed game being played, the player seated, connected, the live position shown. */
  readonly enabled: boolean;
  /** The position shown (the live one when `enabled`). */
  readonly position: Position | undefined;
  readonly you: Side | null;
  /** The player may move now. */
  readonly myTurn: boolean;
  /** Plays a move (the screen's own: the record and the server's confirmation follow). */
  readonly play: (move: Move) => void;
}

export interface PremoveControl {
  /** The premoves' destinations by origin, while the player may choose one; else undefined. */
  readonly dests: ReadonlyMap<Square, Square[]> | undefined;
  readonly premove: Premove | undefined;
  readonly news: PremoveNews | undefined;
  readonly choose: (from: Square, to: Square) => void;
  readonly cancel: () => void;
}

/** The premoves of `side` in `pos` by origin square, as the board takes destinations. */
export function premoveDests(pos: Position, side: Side): Map<Square, Square[]> {
  const dests = new Map<Square, Square[]>();
  for (const move of premoves(pos, side)) {
    const from = moveFrom(move);
    const list = dests.get(from);
    if (list) list.push(moveTo(move));
    else dests.set(from, [moveTo(move)]);
  }
  return dests;
}

/** The premove as the move to play now, if it is legal in `pos`. */
export function premoveToPlay(pos: Position, premove: Premove): Move | undefined {
  const move = encodeMove(premove[0], premove[1]);
  return pos.isLegal(move) ? move : undefined;
}

export function usePremove({ enabled, position, you, myTurn, play }: PremoveInput): PremoveControl {
  const [premove, setPremove] = useState<Premove | undefined>();
  const [news, setNews] = useState<PremoveNews | undefined>();
  const waiting = enabled && you !== null && !myTurn && position !== undefined;
  const dests = useMemo(
    () => (waiting && position && you ? premoveDests(position, you) : undefined),
    [waiting, position, you],
  );

  // The turn has come: the premove is played if it is legal now, else dropped.
  useEffect(() => {
    if (!premove) return;
    if (!enabled) {
      setPremove(undefined);
      return;
    }
    if (!myTurn || !position) return;
    setPremove(undefined);
    const move = premoveToPlay(position, premove);
    if (move === undefined) setNews({ kind: 'dropped', move: premove });
    else {
      setNews(undefined);
      play(move);
    }
  }, [premove, enabled, myTurn, position]);

  return {
    dests,
    premove,
    news,
    choose: (from, to) => {
      const chosen: Premove = [from, to];
      setPremove(chosen);
      setNews({ kind: 'set', move: chosen });
    },
    cancel: () => {
      if (!premove) return;
      setPremove(undefined);
      setNews({ kind: 'cancelled' });
    },
  };
}
