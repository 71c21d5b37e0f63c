/**
 * Display names and the lobby's limits, through a real server: a name with a control, bidi or
 * zero-width character, or empty, or too long, is refused with `create/name` wherever it enters
 * (creating or joining) and nothing is stored; and one client holds at most
 * MAX_WAITING_PER_CLIENT waiting games at once.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_WAITING_PER_CLIENT,
  NAME_MAX,
  type ErrorBody,
  type Lobby,
  type SeatGrant,
} from '../src/protocol.js';
import { api, createGame, fetchGame, joinGame, startServer, type ServerProcess } from './harness.js';

const BAD_NAMES: readonly [string, string][] = [
  ['a control character', 'Ail\u0007ill'],
  ['a newline', 'Ailill\nMedb'],
  ['a DEL', 'Ailill\u007f'],
  ['a C1 control', 'Ailill\u0085'],
  ['a right-to-left override', 'Ailill\u202egnik'],
  ['a left-to-right embedding', '\u202aAilill'],
  ['a first-strong isolate', 'Ailill\u2068x\u2069'],
  ['a right-to-left mark', 'Ailill\u200f'],
  ['an Arabic letter mark', '\u061cAilill'],
  ['a zero-width space', 'Ai\u200blill'],
  ['a zero-width joiner', 'Ai\u200dlill'],
  ['a word joiner', 'Ai\u2060lill'],
  ['a byte-order mark', '\ufeffAilill'],
  ['only spaces', '   '],
  ['nothing', ''],
  ['one character too many', 'é'.repeat(NAME_MAX + 1)],
];

const openIds = async (url: string): Promise<string[]> =>
  (await api<Lobby>(url, '/api/lobby')).body.open.map((g) => g.id);

describe('display names', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it.each(BAD_NAMES)('refuses a name with %s when creating, and stores nothing', async (_, name) => {
    const before = await openIds(server.url);
    const { status, body } = await api<ErrorBody>(server.url, '/api/games', {
      rules: 'brandub-fr',
      side: 'attackers',
      time: { kind: 'none' },
      name,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe('create/name');
    expect(body.error.message).toMatch(/^a name /);
    expect(await openIds(server.url)).toEqual(before);
  });

  it.each(BAD_NAMES)('refuses a name with %s when joining, and the seat stays free', async (_, name) => {
    const { game } = await createGame(server.url);
    const { status, body } = await api<ErrorBody>(server.url, `/api/games/${game.id}/join`, { name });
    expect(status).toBe(400);
    expect(body.error.code).toBe('create/name');
    const after = await fetchGame(server.url, game.id);
    expect(after.status).toBe('waiting');
    expect(after.seats.defenders.name).toBeNull();
    await joinGame(server.url, game.id); // the next one can still be created
  });

  it('accepts accents, CJK and emoji, normalised to NFC, trimmed, at most NAME_MAX characters', async () => {
    const decomposed = 'Se\u0301amus'; // "Séamus" with a combining accent
    const created = await createGame(server.url, { name: `  ${decomposed}  ` });
    expect(created.game.seats.attackers.name).toBe('Séamus');
    expect(created.game.seats.attackers.name).toBe('S\u00e9amus');
    const joined = await joinGame(server.url, created.game.id, '李白 🐉 Ñandú');
    expect(joined.game.seats.defenders.name).toBe('李白 🐉 Ñandú');
    // Characters are code points (a dragon is one), and a name shows a letter or a digit.
    const longest = `${'🐉'.repeat(NAME_MAX - 1)}A`;
    const full = await createGame(server.url, { name: longest });
    expect(full.game.seats.attackers.name).toBe(longest);
    await joinGame(server.url, full.game.id);
  });
});

describe('waiting games per client', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Empty: the server's default limit, as an operator who sets nothing gets it.
    server = await startServer({ env: { TAFL_MAX_WAITING_PER_CLIENT: '' } });
  });
  afterAll(() => server.stop());

  const create = (): Promise<{ status: number; body: SeatGrant | ErrorBody }> =>
    api<SeatGrant | ErrorBody>(server.url, '/api/games', {
      rules: 'brandub-fr',
      side: 'random',
      time: { kind: 'none' },
      name: 'Ailill',
    });

  it(`refuses the waiting game after ${MAX_WAITING_PER_CLIENT}, and accepts one again once one is joined`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_WAITING_PER_CLIENT; i++) {
      const { status, body } = await create();
      expect(status).toBe(201);
      ids.push((body as SeatGrant).game.id);
    }
    const refused = await create();
    expect(refused.status).toBe(429);
    expect((refused.body as ErrorBody).error.code).toBe('create/limit');
    expect((refused.body as ErrorBody).error.message).toContain(String(MAX_WAITING_PER_CLIENT));
    expect((await openIds(server.url)).sort()).toEqual([...ids].sort());

    await joinGame(server.url, ids[0]!);
    const again = await create();
    expect(again.status).toBe(201);
    expect((await create()).status).toBe(429);
  });
});
