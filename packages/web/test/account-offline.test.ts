// The page's account (src/account/session.ts) when the server cannot be asked: who is signed in
// is not known ('unknown', no sign-in offered), nothing is asked while the device is offline, and
// it is asked again when the network is back.
import type { AccountState } from '@tafl/server/protocol';
import { describe, expect, it } from 'vitest';
import type { AccountApi } from '../src/account/api.js';
import { AccountSession } from '../src/account/session.js';
import type { ApiResult } from '../src/online/api.js';
import { createSeatStore } from '../src/online/tokens.js';

const seats = () => {
  const memory = new Map<string, string>();
  return createSeatStore({ getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) });
};

/** An account API whose `state` answers what the test says, counting the requests. */
function api(answer: () => ApiResult<AccountState>) {
  const calls = { state: 0, myGames: 0 };
  const value = {
    state: () => {
      calls.state++;
      return Promise.resolve(answer());
    },
    myGames: () => {
      calls.myGames++;
      return Promise.resolve({ ok: true as const, value: { games: [], myTurn: 2 } });
    },
  } as unknown as AccountApi;
  return { api: value, calls };
}

const SIGNED_IN: ApiResult<AccountState> = {
  ok: true,
  value: { user: { id: 'u1', name: 'Ann', createdAt: 0 }, csrf: 'the-csrf' } as AccountState,
};

describe('the account offline', () => {
  it('asks nothing while the device is offline, and is not known', async () => {
    let offline = true;
    const { api: server, calls } = api(() => SIGNED_IN);
    const session = new AccountSession(
      server,
      seats(),
      () => undefined,
      () => offline,
    );
    const snap = await session.load();
    expect(snap).toEqual({ loaded: true, user: null, myTurn: null, unknown: true });
    expect(calls.state).toBe(0);
    // Still offline: asking again asks nothing.
    session.retryUnknown();
    expect(calls.state).toBe(0);
    // Back online: asked, and known.
    offline = false;
    session.retryUnknown();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.state).toBe(1);
    expect(session.snapshot().unknown).toBeUndefined();
    expect(session.snapshot().user?.name).toBe('Ann');
  });

  it('is not known when no answer came (net/failed), and is asked again once at a time', async () => {
    let answer: ApiResult<AccountState> = { ok: false, code: 'net/failed', message: 'Failed to fetch' };
    const { api: server, calls } = api(() => answer);
    const session = new AccountSession(
      server,
      seats(),
      () => undefined,
      () => false,
    );
    expect((await session.load()).unknown).toBe(true);
    answer = SIGNED_IN;
    session.retryUnknown();
    session.retryUnknown();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls.state).toBe(2);
    expect(session.snapshot()).toMatchObject({ loaded: true, user: { name: 'Ann' } });
    // Known: nothing more is asked.
    session.retryUnknown();
    expect(calls.state).toBe(2);
  });

  it('a refusal that is an answer (not the network) is not "unknown": signed out', async () => {
    const { api: server } = api(() => ({ ok: false, code: 'server/error', message: 'no' }));
    const session = new AccountSession(
      server,
      seats(),
      () => undefined,
      () => false,
    );
    expect(await session.load()).toEqual({ loaded: true, user: null, myTurn: null });
  });

  it('counts my games only while online', async () => {
    let offline = false;
    const { api: server, calls } = api(() => SIGNED_IN);
    const session = new AccountSession(
      server,
      seats(),
      () => undefined,
      () => offline,
    );
    await session.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const counted = calls.myGames;
    offline = true;
    await session.refreshCount();
    expect(calls.myGames).toBe(counted);
  });
});
