/**
 * Names that show, through a real server: a name is shown to other players, so it must show.
 * One made only of invisible characters (the invisible separator U+2063, the soft hyphen U+00AD,
 * the Hangul fillers U+3164, U+FFA0, U+115F and U+1160, tag characters U+E0000 to U+E007F, the
 * braille blank U+2800...), or holding one, or with no letter or digit at all, is refused
 * wherever a name enters: creating or joining a game (a display name), a tournament's name,
 * custom rules' name (which the lobby shows), and signing up (a user name); and nothing is
 * stored. Variation selectors, which only choose how an emoji is drawn, are dropped. Where a
 * name is unique (accounts), names that look the same are one name.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRules, presetById } from '@tafl/core';
import type { ErrorBody, Lobby, TournamentList } from '../../src/protocol.js';
import { apiAs, signIn, signUp, userName, type Session } from '../accounts-harness.js';
import {
  api,
  BACKENDS,
  createGame,
  fetchGame,
  freshDatabase,
  startServer,
  type ServerProcess,
} from '../harness.js';
import { TOURNAMENT_ENV, tournamentRequest } from '../tournament-harness.js';

/** Names that show as nothing, or as something that is not a name. */
const INVISIBLE_NAMES: readonly [string, string][] = [
  ['invisible separators (U+2063)', '\u2063\u2063\u2063'],
  ['soft hyphens (U+00AD)', '\u00ad\u00ad'],
  ['Hangul fillers (U+3164)', '\u3164\u3164'],
  ['a half-width Hangul filler (U+FFA0)', '\uffa0'],
  ['the Hangul choseong and jungseong fillers (U+115F, U+1160)', '\u115f\u1160'],
  ['tag characters (U+E0041...)', '\u{e0041}\u{e0069}\u{e006c}'],
  ['braille blanks (U+2800)', '\u2800\u2800'],
  ['a combining grapheme joiner (U+034F)', '\u034f'],
  ['a Mongolian vowel separator (U+180E)', '\u180e'],
  ['invisible times (U+2062)', '\u2062'],
  ['variation selectors only (U+FE0F)', '\ufe0f\ufe0f'],
  ['a soft hyphen inside a name', 'Ai\u00adlill'],
  ['a Hangul filler beside a name', 'Ailill\u3164'],
  ['a tag character inside a name', 'Ai\u{e0020}lill'],
  ['no letter or digit', '*** ---'],
];

/** Custom rules (Brandubh with an unarmed king), named `name` (OTN: spaces as `_`). */
const customRules = (name: string): string =>
  makeRules({ ...presetById('brandub-fr')!, id: 'custom', name, kingArmed: false });

describe.each(BACKENDS)('names that show, on %s', (backend) => {
  let server: ServerProcess;
  let remove: () => Promise<void>;
  let organiser: Session;
  beforeAll(async () => {
    const fresh = await freshDatabase(backend);
    remove = fresh.remove;
    server = await startServer({ ...fresh.setup, env: TOURNAMENT_ENV });
    organiser = await signUp(server.url, userName('organiser'));
  });
  afterAll(async () => {
    await server.stop();
    await remove();
  });

  const openIds = async (): Promise<string[]> =>
    (await api<Lobby>(server.url, '/api/lobby')).body.open.map((g) => g.id);
  const tournamentIds = async (): Promise<string[]> => {
    const { body } = await api<TournamentList>(server.url, '/api/tournaments');
    return [...body.open, ...body.running, ...body.finished].map((t) => t.id);
  };

  it.each(INVISIBLE_NAMES)('refuses a display name of %s when creating a game', async (_, name) => {
    const before = await openIds();
    const { status, body } = await api<ErrorBody>(server.url, '/api/games', {
      rules: 'brandub-fr',
      side: 'attackers',
      time: { kind: 'none' },
      name,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('create/name');
    expect(body.error.message).toMatch(/^a name /);
    expect(await openIds()).toEqual(before);
  });

  it.each(INVISIBLE_NAMES)('refuses a display name of %s when joining a game', async (_, name) => {
    const { game } = await createGame(server.url);
    const { status, body } = await api<ErrorBody>(server.url, `/api/games/${game.id}/join`, { name });
    expect(status).toBe(400);
    expect(body.error.code).toBe('create/name');
    const after = await fetchGame(server.url, game.id);
    expect(after.status).toBe('waiting');
    expect(after.seats.defenders.name).toBeNull();
  });

  it.each(INVISIBLE_NAMES)("refuses a tournament's name of %s", async (_, name) => {
    const before = await tournamentIds();
    // An organiser of their own each time (one holds a few open tournaments at most).
    const creator = await signUp(server.url, userName('organiser'));
    const { status, body } = await apiAs<ErrorBody>(server.url, '/api/tournaments', creator, {
      body: tournamentRequest({ name }),
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('tournament/invalid');
    expect(body.error.message).toMatch(/name/);
    expect(await tournamentIds()).toEqual(before);
  });

  it.each(INVISIBLE_NAMES)(
    'refuses custom rules named with %s (the lobby shows the name)',
    async (_, name) => {
      const before = await openIds();
      const { status, body } = await api<ErrorBody>(server.url, '/api/games', {
        rules: customRules(name),
        side: 'attackers',
        time: { kind: 'none' },
        name: 'Ailill',
      });
      expect(status).toBe(400);
      expect(body.error.code).toBe('create/rules');
      expect(body.error.message).toMatch(/name/);
      expect(await openIds()).toEqual(before);
    },
  );

  it.each(INVISIBLE_NAMES)('refuses a user name of %s at sign-up, and makes no account', async (_, name) => {
    const { status, body } = await apiAs<ErrorBody>(server.url, '/api/account/signup', undefined, {
      body: { name, password: 'correct horse' },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('auth/name');
    const signin = await apiAs<ErrorBody>(server.url, '/api/account/signin', undefined, {
      body: { name, password: 'correct horse' },
    });
    expect(signin.status).not.toBe(200);
  });

  it('accepts the names that show: custom rules, a tournament, a display name, and drops an emoji’s variation selector', async () => {
    const created = await createGame(server.url, { name: 'Ai\ufe0flill \u2764\ufe0f' });
    // Stored as shown: the selectors only chose how the heart is drawn.
    expect(created.game.seats.attackers.name).toBe('Ailill \u2764');
    expect((await fetchGame(server.url, created.game.id)).seats.attackers.name).toBe('Ailill \u2764');
    const custom = await createGame(server.url, { rules: customRules('Tara rules') });
    expect(custom.game.rulesName).toBe('Tara rules');
    const { status } = await apiAs(server.url, '/api/tournaments', organiser, {
      body: tournamentRequest({ name: 'Samhain 2026' }),
    });
    expect(status).toBe(201);
  });

  it('makes names that look the same one name for accounts', async () => {
    const name = userName('ailill');
    const first = await signUp(server.url, name);
    // Case, and the full-width forms of the same letters and digits, name the same account:
    // never a second one.
    const fullWidth = [...name]
      .map((c) => (/[A-Za-z0-9]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c))
      .join('');
    for (const lookalike of [name.toUpperCase(), fullWidth]) {
      const { status, body } = await apiAs<ErrorBody>(server.url, '/api/account/signup', undefined, {
        body: { name: lookalike, password: 'another horse' },
      });
      expect([400, 409]).toContain(status);
      expect(['auth/name', 'auth/name-taken']).toContain(body.error.code);
    }
    // The one account signs in by any case of its name, with its own password only.
    const again = await signIn(server.url, name.toUpperCase());
    expect(again.user.id).toBe(first.user.id);
    const other = await apiAs<ErrorBody>(server.url, '/api/account/signin', undefined, {
      body: { name: name.toUpperCase(), password: 'another horse' },
    });
    expect(other.status).toBe(401);
  });
});
