/**
 * What a client sends to create a tournament (POST /api/tournaments), every field checked: a
 * refusal says in one sentence what is wrong (`tournament/invalid`, 400).
 */

import { presetById } from '@tafl/core';
import {
  SWISS_ROUNDS,
  TOURNAMENT_KINDS,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_START,
  checkTimeControl,
  familyOf,
  shownText,
  type CreateTournamentRequest,
  type Refusal,
  type TournamentKind,
} from '../protocol.js';

type Checked<T> = { readonly ok: true; readonly value: T } | ({ readonly ok: false } & Refusal);

const no = (message: string): { ok: false } & Refusal => ({ ok: false, code: 'tournament/invalid', message });

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A start sent as "one minute from now" arrives a moment later: this much below the minimum is
 * let through (never a start in the past).
 */
export const START_LEEWAY_MS = 5_000;

/**
 * The tournament's name as shown (protocol.ts shownText: no invisible character, a letter or a
 * digit): 1 to TOURNAMENT_NAME_MAX characters.
 */
export function checkTournamentName(x: unknown): Checked<string> {
  if (typeof x !== 'string') return no('the name must be a string');
  if (x.length > 4 * TOURNAMENT_NAME_MAX)
    return no(`a tournament's name has at most ${TOURNAMENT_NAME_MAX} characters`);
  const name = shownText(x);
  if (!name.ok) return no(name.empty ? 'a tournament needs a name' : name.message);
  if ([...name.value].length > TOURNAMENT_NAME_MAX)
    return no(`a tournament's name has at most ${TOURNAMENT_NAME_MAX} characters`);
  return name;
}

/**
 * A creation request. `now` and `minStartMs` (TOURNAMENT_START.minMs, shorter in tests) bound
 * the start: from `now + minStartMs` (less START_LEEWAY_MS, never before `now`) to
 * `now + TOURNAMENT_START.maxMs`.
 */
export function checkCreateTournament(
  x: unknown,
  now: number,
  minStartMs: number = TOURNAMENT_START.minMs,
): Checked<CreateTournamentRequest & { readonly rulesName: string }> {
  if (!isObject(x)) return no('the body must be a JSON object');
  const allowed = ['name', 'kind', 'rules', 'time', 'rounds', 'startsAt', 'rated'];
  for (const key of Object.keys(x))
    if (!allowed.includes(key)) return no(`unknown field ${JSON.stringify(key.slice(0, 40))}`);
  const name = checkTournamentName(x.name);
  if (!name.ok) return name;
  const kind = TOURNAMENT_KINDS.find((k) => k === x.kind);
  if (!kind) return no('the kind is swiss or round-robin');
  const preset = typeof x.rules === 'string' && familyOf(x.rules) !== null ? presetById(x.rules) : undefined;
  if (!preset)
    return no(
      'the rules are the id of a Brandubh or Ard Ri preset (a tournament is never of one’s own rules)',
    );
  const time = checkTimeControl(x.time);
  if (!time.ok) return no(time.message);
  if (time.value.kind === 'none') return no('a tournament is played with a clock: live or correspondence');
  const rounds = checkRounds(kind, x.rounds);
  if (!rounds.ok) return rounds;
  if (typeof x.startsAt !== 'number' || !Number.isSafeInteger(x.startsAt))
    return no('startsAt is a time in milliseconds since 1970');
  const earliest = Math.max(now, now + minStartMs - START_LEEWAY_MS);
  if (x.startsAt < earliest)
    return no(`a tournament starts at least ${Math.round(minStartMs / 1000)} seconds from now`);
  if (x.startsAt > now + TOURNAMENT_START.maxMs)
    return no(`a tournament starts within ${Math.round(TOURNAMENT_START.maxMs / 86_400_000)} days`);
  if (typeof x.rated !== 'boolean') return no('rated is true or false');
  return {
    ok: true,
    value: {
      name: name.value,
      kind,
      rules: preset.id,
      rulesName: preset.name,
      time: time.value,
      rounds: rounds.value,
      startsAt: x.startsAt,
      rated: x.rated,
    },
  };
}

function checkRounds(kind: TournamentKind, x: unknown): Checked<number> {
  const whole = typeof x === 'number' && Number.isInteger(x);
  if (kind === 'swiss')
    return whole && x >= SWISS_ROUNDS.min && x <= SWISS_ROUNDS.max
      ? { ok: true, value: x }
      : no(`a Swiss has ${SWISS_ROUNDS.min} to ${SWISS_ROUNDS.max} rounds`);
  return whole && (x === 1 || x === 2)
    ? { ok: true, value: x }
    : no('a round robin is played once (rounds 1) or twice, once on each side (rounds 2)');
}
