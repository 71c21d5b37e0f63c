/**
 * The new tournament form's values and their request, the start's countdown, and a refusal's
 * sentence. Pure, so it is tested without a DOM.
 */

import {
  CORRESPONDENCE_DAYS,
  FAMILY_PRESETS,
  LIVE_BASE_MS,
  LIVE_INCREMENT_MS,
  RATING_FAMILIES,
  SWISS_ROUNDS,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_START,
  shownText,
  type CreateTournamentRequest,
  type TournamentKind,
  type TournamentSummary,
} from '@tafl/server/protocol';
import type { Messages } from '../i18n/index.js';
import { refusalText } from '../online/errors.js';
import type { TournamentsText } from './text.js';

export interface TournamentForm {
  readonly name: string;
  readonly kind: TournamentKind;
  readonly rules: string;
  readonly timeKind: 'live' | 'correspondence';
  /** Minutes per player (live). */
  readonly baseMinutes: string;
  /** Seconds added per move (live). */
  readonly incrementSeconds: string;
  readonly days: string;
  /** Swiss: the number of rounds. */
  readonly swissRounds: string;
  /** Round robin: once or twice. */
  readonly robinRounds: '1' | '2';
  /** A `datetime-local` value, the page's local time. */
  readonly start: string;
  readonly rated: boolean;
}

/** Every preset a tournament may be played with: the families' named rulesets. */
export const TOURNAMENT_PRESETS: readonly string[] = RATING_FAMILIES.flatMap((f) => FAMILY_PRESETS[f]);

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2026-11-26T18:05`: a moment as a `datetime-local` input shows it, in local time. */
export function localDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as ms since 1970 (local time), or null when it is not one. */
export function parseLocalDateTime(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) return null;
  return date.getTime();
}

/** The start an hour from now, on the next whole five minutes. */
export function defaultStart(now: number): number {
  const step = 5 * 60_000;
  return Math.ceil((now + 3_600_000) / step) * step;
}

export function defaultForm(now: number): TournamentForm {
  return {
    name: '',
    kind: 'swiss',
    rules: 'brandubh-2019',
    timeKind: 'live',
    baseMinutes: '5',
    incrementSeconds: '3',
    days: '3',
    swissRounds: '5',
    robinRounds: '1',
    start: localDateTime(defaultStart(now)),
    rated: true,
  };
}

export type FormProblem = 'name' | 'rules' | 'time' | 'rounds' | 'start';
export type Built =
  | { readonly ok: true; readonly value: CreateTournamentRequest }
  | { readonly ok: false; readonly problem: FormProblem };

const wholeIn = (text: string, min: number, max: number): number | null => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The request the form's values make, or the first field the server would refuse. */
export function requestOf(form: TournamentForm, now: number): Built {
  // As the server checks it (shownText): a letter or a digit, no invisible character.
  const shown = shownText(form.name);
  if (!shown.ok || [...shown.value].length > TOURNAMENT_NAME_MAX) return { ok: false, problem: 'name' };
  const name = shown.value;
  if (!TOURNAMENT_PRESETS.includes(form.rules)) return { ok: false, problem: 'rules' };
  let time: CreateTournamentRequest['time'];
  if (form.timeKind === 'live') {
    const minutes = Number(form.baseMinutes.trim());
    const seconds = wholeIn(form.incrementSeconds, 0, LIVE_INCREMENT_MS.max / 1000);
    const baseMs = Math.round(minutes * 60_000);
    if (
      form.baseMinutes.trim() === '' ||
      !Number.isFinite(minutes) ||
      baseMs < Math.max(LIVE_BASE_MS.min, 60_000) ||
      baseMs > LIVE_BASE_MS.max ||
      seconds === null
    )
      return { ok: false, problem: 'time' };
    time = { kind: 'live', baseMs, incrementMs: seconds * 1000 };
  } else {
    const days = wholeIn(form.days, CORRESPONDENCE_DAYS.min, CORRESPONDENCE_DAYS.max);
    if (days === null) return { ok: false, problem: 'time' };
    time = { kind: 'correspondence', days };
  }
  const rounds =
    form.kind === 'swiss'
      ? wholeIn(form.swissRounds, SWISS_ROUNDS.min, SWISS_ROUNDS.max)
      : Number(form.robinRounds);
  if (rounds === null) return { ok: false, problem: 'rounds' };
  const startsAt = parseLocalDateTime(form.start);
  if (startsAt === null || startsAt - now < TOURNAMENT_START.minMs || startsAt - now > TOURNAMENT_START.maxMs)
    return { ok: false, problem: 'start' };
  return {
    ok: true,
    value: { name, kind: form.kind, rules: form.rules, time, rounds, startsAt, rated: form.rated },
  };
}

export function problemText(x: TournamentsText, problem: FormProblem): string {
  switch (problem) {
    case 'name':
      return x.problemName(TOURNAMENT_NAME_MAX);
    case 'rules':
      return x.problemRules;
    case 'time':
      return x.problemTime;
    case 'rounds':
      return x.problemRounds(SWISS_ROUNDS.min, SWISS_ROUNDS.max);
    case 'start':
      return x.problemStart;
  }
}

/** The time left before a start: `2 d 5 h`, `1 h 05 min`, `4 min 09 s`; null once it is due. */
export function countdownText(x: TournamentsText, ms: number): string | null {
  if (ms <= 0) return null;
  const s = Math.ceil(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return x.cdDays(days, hours);
  if (hours > 0) return x.cdHours(hours, minutes);
  return x.cdMinutes(minutes, s % 60);
}

/**
 * The rounds a tournament plays in all, as the list can tell (a page has the server's
 * `totalRounds`): a Swiss's rounds; a round robin's (players − 1, or players when odd) × cycles.
 */
export function totalRoundsOf(t: Pick<TournamentSummary, 'kind' | 'rounds' | 'players'>): number {
  if (t.kind === 'swiss') return t.rounds;
  return (t.players % 2 === 1 ? t.players : t.players - 1) * t.rounds;
}

/** The rounds of a tournament in words: `5 rounds`, or a round robin's once or twice. */
export function roundsText(x: TournamentsText, t: Pick<TournamentSummary, 'kind' | 'rounds'>): string {
  if (t.kind === 'swiss') return x.roundsCount(t.rounds);
  return t.rounds >= 2 ? x.robinTwice : x.robinOnce;
}

/** A refusal of the tournaments' requests in the player's language. */
export function tournamentRefusal(t: Messages, x: TournamentsText, code: string, message: string): string {
  switch (code) {
    case 'auth/required':
      return x.errSignIn;
    case 'csrf/refused':
      return x.errCsrf;
    case 'tournament/unknown':
      return x.unknownTournament;
    case 'tournament/closed':
      return x.errClosed;
    case 'tournament/full':
      return x.errFull;
    case 'tournament/invalid':
      return message;
    default:
      return refusalText(t, code, message);
  }
}

/** The attackers' score as the result reads: `1–0`, `½–½`, `0–1`. */
export function scoreLine(score: 0 | 0.5 | 1): string {
  return score === 1 ? '1–0' : score === 0 ? '0–1' : '½–½';
}
