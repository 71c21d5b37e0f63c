/**
 * The tournament director (docs/online.md, "Tournaments"): starts tournaments at their time, scores each game of the
 * round as it ends, pairs the next round when the last one is over, makes its games, and
 * finishes. The course itself (rounds, pairings, scores) is schedule.ts's; this stores it.
 *
 * Every server process runs one. A tournament moves on when one of its games ends in this
 * process (`ended`, at once), and at every tick (TAFL_TOURNAMENT_TICK_MS, default 5 s) for the
 * tournaments whose start has come or whose round has something to do (a game over elsewhere, a
 * process that died between two steps). Each step is safe to take in several processes at once:
 *
 * - the start, a round's pairing and the end are conditional on the tournament's version (the
 *   store's `pair` and `settle`): one process's applies, the others' find the version moved on;
 * - a round's pairings, with the ids of their games, are stored in the same transaction as the
 *   round; the games are made after it (Hub.createPaired, which makes a game once: a second try
 *   answers 'exists'), and a game missing from the current round (a process that died in
 *   between) is made at the next tick by whichever process looks;
 * - a score is written once (`score is null`), and every process computes the same one.
 */

import { newGameId } from '../game.js';
import type { Hub } from '../hub.js';
import type { LineLog } from '../log.js';
import type { PairedMail } from '../mail/service.js';
import type { TournamentDetail } from '../store/tournaments.js';
import type { GameRow, Store } from '../store/types.js';
import { pairRound, scoreOf, timeOf, totalRounds } from './schedule.js';

/** How often the director looks for work, unless TAFL_TOURNAMENT_TICK_MS says otherwise. */
export const TICK_MS = 5_000;
/** Tournaments taken up by one tick at most (the next tick takes the rest). */
const TICK_BATCH = 100;
/** Steps one `advance` takes at most before leaving the rest to the next tick. */
const MAX_STEPS = 20;

/** A number of milliseconds from the environment, or `fallback` (a bad value is said and refused). */
export function msSetting(name: string, fallback: number, min = 10): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`${name}=${raw}: a whole number of milliseconds, at least ${min}`);
  return n;
}

export class Director {
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  /** Tournaments being advanced by this process, and whether to look again once done. */
  private readonly busy = new Map<string, { again: boolean }>();
  private stopped = false;
  private readonly tickMs: number;

  constructor(
    protected readonly store: Store,
    protected readonly hub: Hub,
    protected readonly log: LineLog,
    /** A round's game was made by this process (mail/service.ts tells both players). */
    protected readonly onPaired?: (game: PairedMail) => void,
  ) {
    this.tickMs = msSetting('TAFL_TOURNAMENT_TICK_MS', TICK_MS);
  }

  /** A game this process ended (Hub's onEnd): its tournament moves on at once. */
  ended(row: GameRow): void {
    if (row.tournamentId !== null) this.advance(row.tournamentId);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A tournament just changed here (created, joined): look at it now if it has work. */
  poke(id: string): void {
    this.advance(id);
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      const ids = await this.store.tournaments.due(Date.now(), TICK_BATCH);
      await Promise.all(ids.map((id) => this.run(id)));
    } catch (e) {
      this.log(`tournaments: the director's round failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.ticking = false;
    }
  }

  /** Moves the tournament on, once at a time in this process (a call meanwhile runs it again after). */
  private advance(id: string): void {
    void this.run(id);
  }

  private async run(id: string): Promise<void> {
    const running = this.busy.get(id);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.busy.set(id, state);
    try {
      while (state.again && !this.stopped) {
        state.again = false;
        await this.steps(id);
      }
    } catch (e) {
      this.log(
        `tournaments: tournament ${id} could not move on: ${e instanceof Error ? e.message : String(e)}`,
      );
    } finally {
      this.busy.delete(id);
    }
  }

  /** Takes every step the tournament is ready for. */
  private async steps(id: string): Promise<void> {
    for (let i = 0; i < MAX_STEPS && !this.stopped; i++) {
      const detail = await this.store.tournaments.load(id);
      if (!detail || !(await this.step(detail))) return;
    }
  }

  /** One step; true when something changed (read again and look for the next). */
  private async step(detail: TournamentDetail): Promise<boolean> {
    const t = detail.tournament;
    const now = Date.now();
    if (t.status === 'open') {
      if (t.startsAt > now) return false;
      // A player who deleted the account before the start takes no part.
      if (detail.players.some((p) => !p.active)) {
        await this.store.tournaments.prune(t.id, t.version, now);
        return true;
      }
      if (detail.players.length < 2) {
        if (await this.store.tournaments.settle(t.id, t.version, 'cancelled', now))
          this.log(`tournaments: ${t.id} cancelled: fewer than two players at the start`, { level: 'info' });
        return true;
      }
      return this.pair(detail, 1);
    }
    if (t.status !== 'running') return false;
    const current = detail.pairings.filter((p) => p.round === t.round);
    let changed = false;
    for (const p of current) {
      if (p.score !== null || !p.game) continue;
      const scored = scoreOf(p.game, t.rulesId);
      if (
        scored &&
        (await this.store.tournaments.score(t.id, p.round, p.board, scored.score, scored.forfeit))
      )
        changed = true;
    }
    if (changed) return true;
    if (current.every((p) => p.score !== null)) {
      if (t.round >= totalRounds(t.kind, t.rounds, detail.players.length)) return this.finish(detail);
      return this.pair(detail, t.round + 1);
    }
    // Games of the round not made yet (a process stopped between the pairing and the games).
    await this.makeGames(detail, t.round);
    return false;
  }

  private async finish(detail: TournamentDetail): Promise<boolean> {
    const t = detail.tournament;
    if (await this.store.tournaments.settle(t.id, t.version, 'finished', Date.now()))
      this.log(`tournaments: ${t.id} finished after round ${t.round}`, { level: 'info' });
    return true;
  }

  /** Pairs round `round` (or finishes when there is none) and makes its games. */
  private async pair(detail: TournamentDetail, round: number): Promise<boolean> {
    const t = detail.tournament;
    const pairings = pairRound(detail, round, newGameId);
    if (!pairings) return this.finish(detail);
    if (!(await this.store.tournaments.pair(t.id, t.version, round, pairings, Date.now()))) return true;
    this.log(`tournaments: ${t.id} round ${round} paired`, { level: 'info' });
    const paired = await this.store.tournaments.load(t.id);
    if (paired) await this.makeGames(paired, round);
    return true;
  }

  /** Makes the games of the round that have no row yet. */
  private async makeGames(detail: TournamentDetail, round: number): Promise<void> {
    const t = detail.tournament;
    const names = new Map(detail.players.map((p) => [p.userId, p.name]));
    for (const p of detail.pairings) {
      if (p.round !== round || p.gameId === null || p.defendersUser === null || p.game || p.score !== null)
        continue;
      const made = await this.hub.createPaired({
        id: p.gameId,
        rulesId: t.rulesId,
        time: timeOf(t),
        rated: t.rated,
        tournamentId: t.id,
        attackers: { id: p.attackersUser, name: names.get(p.attackersUser) ?? '?' },
        defenders: { id: p.defendersUser, name: names.get(p.defendersUser) ?? '?' },
      });
      if (typeof made === 'object')
        this.log(`game ${p.gameId} of tournament ${t.id} could not be made: ${made.message}`, {
          level: 'error',
        });
      else if (made === 'created')
        this.onPaired?.({
          tournamentId: t.id,
          tournament: t.name,
          round,
          gameId: p.gameId,
          attackers: p.attackersUser,
          defenders: p.defendersUser,
        });
    }
  }
}
