// The tournaments' pages' pure pieces (src/tournaments/form.ts): the new tournament form's
// defaults, its `datetime-local` start, the request it makes or the field it refuses, the start's
// countdown, rounds and refusals in words.
import { SWISS_ROUNDS, TOURNAMENT_NAME_MAX } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, LANGUAGES } from '../src/i18n/index.js';
import {
  TOURNAMENT_PRESETS,
  countdownText,
  defaultForm,
  defaultStart,
  localDateTime,
  parseLocalDateTime,
  problemText,
  requestOf,
  roundsText,
  scoreLine,
  totalRoundsOf,
  tournamentRefusal,
} from '../src/tournaments/form.js';
import { TOURNAMENTS_TEXT } from '../src/tournaments/text.js';

const x = TOURNAMENTS_TEXT.en;
const NOW = new Date(2026, 10, 26, 16, 2, 30).getTime();

describe('the new tournament form', () => {
  it('starts in an hour, on whole five minutes, as local time', () => {
    const start = defaultStart(NOW);
    expect(start - NOW).toBeGreaterThanOrEqual(3_600_000);
    expect(start - NOW).toBeLessThan(3_600_000 + 5 * 60_000);
    expect(new Date(start).getMinutes() % 5).toBe(0);
    expect(defaultForm(NOW).start).toBe('2026-11-26T17:05');
  });

  it('reads a datetime-local value back as the same moment, and refuses what is not one', () => {
    const at = new Date(2027, 0, 3, 9, 7).getTime();
    expect(localDateTime(at)).toBe('2027-01-03T09:07');
    expect(parseLocalDateTime('2027-01-03T09:07')).toBe(at);
    expect(parseLocalDateTime('2027-02-30T09:07')).toBeNull();
    expect(parseLocalDateTime('tomorrow')).toBeNull();
    expect(parseLocalDateTime('')).toBeNull();
  });

  it('makes the request of a filled form: live Swiss', () => {
    const built = requestOf({ ...defaultForm(NOW), name: '  Winter   cup ' }, NOW);
    expect(built).toEqual({
      ok: true,
      value: {
        name: 'Winter cup',
        kind: 'swiss',
        rules: 'brandubh-2019',
        time: { kind: 'live', baseMs: 300_000, incrementMs: 3000 },
        rounds: 5,
        startsAt: defaultStart(NOW),
        rated: true,
      },
    });
  });

  it('makes a correspondence round robin played twice', () => {
    const built = requestOf(
      {
        ...defaultForm(NOW),
        name: 'Ard Ri league',
        kind: 'round-robin',
        rules: 'ard-ri-fr',
        timeKind: 'correspondence',
        days: '3',
        robinRounds: '2',
        rated: false,
      },
      NOW,
    );
    expect(built.ok && built.value).toMatchObject({
      kind: 'round-robin',
      rules: 'ard-ri-fr',
      time: { kind: 'correspondence', days: 3 },
      rounds: 2,
      rated: false,
    });
  });

  it('names the field the server would refuse', () => {
    const form = { ...defaultForm(NOW), name: 'Cup' };
    expect(requestOf({ ...form, name: '   ' }, NOW)).toEqual({ ok: false, problem: 'name' });
    expect(requestOf({ ...form, name: 'x'.repeat(TOURNAMENT_NAME_MAX + 1) }, NOW)).toEqual({
      ok: false,
      problem: 'name',
    });
    // A name that shows as nothing (a Hangul filler, an invisible separator, a soft hyphen, tag
    // characters), or with no letter or digit: refused here as the server refuses it.
    for (const name of ['\u3164', '\u2063\u2063', 'Cup\u00ad', '\u{e0041}\u{e0042}', '\u2800', '-- --'])
      expect(requestOf({ ...form, name }, NOW)).toEqual({ ok: false, problem: 'name' });
    expect(requestOf({ ...form, rules: 'my-own' }, NOW)).toEqual({ ok: false, problem: 'rules' });
    expect(requestOf({ ...form, baseMinutes: '' }, NOW)).toEqual({ ok: false, problem: 'time' });
    expect(requestOf({ ...form, baseMinutes: '181' }, NOW)).toEqual({ ok: false, problem: 'time' });
    expect(requestOf({ ...form, incrementSeconds: '1.5' }, NOW)).toEqual({ ok: false, problem: 'time' });
    expect(requestOf({ ...form, timeKind: 'correspondence', days: '15' }, NOW)).toEqual({
      ok: false,
      problem: 'time',
    });
    expect(requestOf({ ...form, swissRounds: String(SWISS_ROUNDS.max + 1) }, NOW)).toEqual({
      ok: false,
      problem: 'rounds',
    });
    expect(requestOf({ ...form, swissRounds: '0' }, NOW)).toEqual({ ok: false, problem: 'rounds' });
    expect(requestOf({ ...form, start: localDateTime(NOW - 60_000) }, NOW)).toEqual({
      ok: false,
      problem: 'start',
    });
    expect(requestOf({ ...form, start: localDateTime(NOW + 61 * 24 * 3_600_000) }, NOW)).toEqual({
      ok: false,
      problem: 'start',
    });
    for (const problem of ['name', 'rules', 'time', 'rounds', 'start'] as const)
      expect(problemText(x, problem)).toMatch(/\w/);
  });

  it('offers every named ruleset of both families', () => {
    expect(TOURNAMENT_PRESETS).toContain('brandubh-2019');
    expect(TOURNAMENT_PRESETS).toContain('ard-ri-es');
  });
});

/** Words that are the same in English and in another language (names, units, shared words). */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly string[]>> = {
  es: ['cdDays', 'cdHours', 'cdMinutes', 'colBuchholz', 'colSB'],
  fr: ['cdHours', 'cdMinutes', 'colPoints', 'colBuchholz', 'colSB'],
};

const sample = (value: unknown): string =>
  typeof value === 'function' ? (value as (...a: unknown[]) => string)('Brandubh', 3, 4) : String(value);

describe('the tournaments’ words', () => {
  for (const lang of ['es', 'fr'] as const)
    it(`${lang}: every key, none empty, translated`, () => {
      const keys = Object.keys(TOURNAMENTS_TEXT.en) as (keyof (typeof TOURNAMENTS_TEXT)['en'])[];
      expect(Object.keys(TOURNAMENTS_TEXT[lang]).sort()).toEqual([...keys].sort());
      for (const key of keys) {
        const here = sample(TOURNAMENTS_TEXT[lang][key]);
        expect(here.trim(), `${lang}.${key}`).not.toBe('');
        if (!SAME_AS_ENGLISH[lang]!.includes(key))
          expect(here, `${lang}.${key}`).not.toBe(sample(TOURNAMENTS_TEXT.en[key]));
      }
    });
});

describe('a tournament in words', () => {
  it('counts down to the start in days, hours, minutes, seconds', () => {
    expect(countdownText(x, 2 * 86_400_000 + 5 * 3_600_000 + 1000)).toBe('2 d 5 h');
    expect(countdownText(x, 3_600_000 + 5 * 60_000)).toBe('1 h 05 min');
    expect(countdownText(x, 4 * 60_000 + 9_000)).toBe('4 min 09 s');
    expect(countdownText(x, 0)).toBeNull();
    expect(countdownText(x, -5000)).toBeNull();
  });

  it('says a Swiss’ rounds and a round robin’s once or twice', () => {
    expect(roundsText(x, { kind: 'swiss', rounds: 3 })).toBe('3 rounds');
    expect(roundsText(x, { kind: 'round-robin', rounds: 1 })).toBe(x.robinOnce);
    expect(roundsText(x, { kind: 'round-robin', rounds: 2 })).toBe(x.robinTwice);
  });

  it('counts a round robin’s rounds from its players and cycles', () => {
    expect(totalRoundsOf({ kind: 'swiss', rounds: 5, players: 12 })).toBe(5);
    expect(totalRoundsOf({ kind: 'round-robin', rounds: 1, players: 4 })).toBe(3);
    expect(totalRoundsOf({ kind: 'round-robin', rounds: 2, players: 5 })).toBe(10);
  });

  it('writes a result from the attackers’ score', () => {
    expect(scoreLine(1)).toBe('1–0');
    expect(scoreLine(0)).toBe('0–1');
    expect(scoreLine(0.5)).toBe('½–½');
  });

  it('says the tournaments’ refusals in each language, the server’s reason for a bad request', () => {
    for (const lang of LANGUAGES) {
      const t = CATALOGUES[lang];
      const words = TOURNAMENTS_TEXT[lang];
      expect(tournamentRefusal(t, words, 'tournament/full', 'full')).toBe(words.errFull);
      expect(tournamentRefusal(t, words, 'tournament/closed', 'closed')).toBe(words.errClosed);
      expect(tournamentRefusal(t, words, 'auth/required', 'sign in')).toBe(words.errSignIn);
      expect(tournamentRefusal(t, words, 'tournament/invalid', 'at most 15 rounds')).toBe(
        'at most 15 rounds',
      );
      expect(tournamentRefusal(t, words, 'net/failed', 'x')).toBe(t.errNetFailed);
    }
  });
});
