/**
 * Tournaments through the real server (docs/online.md, "Tournaments"), on each backend: accounts sign up, create and
 * join through the API; the server's director starts the tournament at its time, pairs each
 * round, makes its games, scores them as they end and finishes; the players play their games
 * over the WebSocket with their own seat tokens, as ordinary games.
 *
 * - a four-player Swiss of three rounds: every round's pairings and the final standings
 *   (points, Buchholz, Sonneborn-Berger) are written out by hand below;
 * - a round robin of three players: a bye each round (worth nothing in a round robin);
 * - a tournament with one player is cancelled at its start;
 * - joining and leaving once it has started are refused (tournament/closed), and a full one
 *   (tournament/full);
 * - an unplayed game, aborted by the server, is lost by forfeit by the side to move;
 * - hostile creation requests are refused with a sentence, and nothing is created.
 */

import { afterAll, describe, expect, it } from 'vitest';
import type { ErrorBody, TournamentList, TournamentView } from '../src/protocol.js';
import { apiAs, signUp, type Session } from './accounts-harness.js';
import {
  BACKENDS,
  Client,
  freshDatabase,
  startServer,
  type ServerProcess,
  type ServerSetup,
} from './harness.js';
import {
  TOURNAMENT_ENV,
  createTournament,
  joinTournament,
  pairsOf,
  playing,
  playGame,
  querySql,
  runSql,
  setRatings,
  startNow,
  tournament,
  tournamentRequest,
  until,
  type Outcome,
} from './tournament-harness.js';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f();
});

async function serve(
  backend: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<{ server: ServerProcess; setup: ServerSetup }> {
  const database = await freshDatabase(backend);
  const server = await startServer({ ...database.setup, env: { ...TOURNAMENT_ENV, ...env } });
  cleanup.push(database.remove, () => server.stop());
  return { server, setup: database.setup };
}

/** Plays the round's games: `results` gives each game's outcome by "attackers-defenders". */
async function playRound(
  server: ServerProcess,
  view: TournamentView,
  players: Record<string, Session>,
  results: Record<string, Outcome>,
): Promise<void> {
  const round = view.pairings[view.round - 1]!;
  await Promise.all(
    round.map(async (p) => {
      if (p.defenders === null) return;
      const outcome = results[`${p.attackers}-${p.defenders}`];
      if (!outcome) throw new Error(`no result for ${p.attackers}-${p.defenders}`);
      const game = await playGame(
        server.url,
        server.ws,
        p.game!,
        { attackers: players[p.attackers]!, defenders: players[p.defenders]! },
        outcome,
      );
      // An ordinary game of the server's, which knows its tournament and its players' accounts.
      expect(game.tournament).toBe(view.id);
      expect(game.rated).toBe(view.rated);
      expect(game.seats.attackers.player).toBe(p.attackers);
      expect(game.seats.defenders.player).toBe(p.defenders);
    }),
  );
}

describe.each(BACKENDS)('tournaments on %s', (backend) => {
  it('a four-player Swiss of three rounds, paired and scored by hand', async () => {
    const { server, setup } = await serve(backend);
    const [ailill, bran, cormac, deirdre] = await Promise.all(
      ['ailill', 'bran', 'cormac', 'deirdre'].map((name) => signUp(server.url, name)),
    );
    const players: Record<string, Session> = {
      ailill: ailill!,
      bran: bran!,
      cormac: cormac!,
      deirdre: deirdre!,
    };
    // Ratings in Brandubh before the tournament (kept with each entry when joining): the order
    // of the first round, and the last tie-break.
    await setRatings(setup, 'brandubh', [
      [ailill!, 1800],
      [bran!, 1700],
      [cormac!, 1600],
      [deirdre!, 1500],
    ]);
    // Created by Cormac (who enters with it); the others join.
    const created = await createTournament(server.url, cormac!, { startsAt: Date.now() + 60_000 });
    expect(created.status).toBe('open');
    expect(created.entrants).toEqual(['cormac']);
    expect(created.creator).toBe('cormac');
    for (const s of [deirdre!, ailill!, bran!]) await joinTournament(server.url, created.id, s);
    const open = await tournament(server.url, created.id);
    expect(open.entrants).toEqual(['cormac', 'deirdre', 'ailill', 'bran']);
    expect(open.totalRounds).toBe(3);
    // Before the start, the standings are the entrants by rating.
    expect(open.standings.map((s) => [s.name, s.points, s.rating])).toEqual([
      ['ailill', 0, 1800],
      ['bran', 0, 1700],
      ['cormac', 0, 1600],
      ['deirdre', 0, 1500],
    ]);

    // Round 1: everyone on 0 points, ranked by rating A B C D; the first meets the nearest below
    // (A-B, C-D); nobody has played a side yet, so the higher ranked attacks.
    await startNow(setup, created.id);
    let view = await until(server.url, created.id, playing(1));
    expect(pairsOf(view.pairings[0]!)).toEqual(['ailill-bran', 'cormac-deirdre']);
    expect(view.pairings[0]!.every((p) => p.status === 'playing' && p.score === null)).toBe(true);
    // Bran wins defending; Cormac and Deirdre draw. B 1, C ½, D ½, A 0.
    await playRound(server, view, players, { 'ailill-bran': 'defenders', 'cormac-deirdre': 'draw' });

    // Round 2: ranked B (1), C (½, 1600), D (½, 1500), A (0). B meets the nearest below, C (B
    // defended and wants to attack, C attacked: no clash); D meets A. Sides: who attacked less
    // attacks: B (defended) attacks C; D (defended) attacks A.
    view = await until(server.url, created.id, playing(2));
    expect(view.pairings[0]!.map((p) => p.score)).toEqual([0, 0.5]);
    expect(pairsOf(view.pairings[1]!)).toEqual(['bran-cormac', 'deirdre-ailill']);
    // Cormac wins defending; Deirdre and Ailill draw. B 1, C 1½, D 1, A ½.
    await playRound(server, view, players, { 'bran-cormac': 'defenders', 'deirdre-ailill': 'draw' });

    // Round 3: ranked C (1½), B (1, 1700), D (1, 1500), A (½). C has met B and D: C-A; then B-D,
    // who have not met. C and A have each attacked once and defended once, and both defended
    // last: the higher ranked, C, attacks. B and D likewise (both attacked last): B attacks.
    view = await until(server.url, created.id, playing(3));
    expect(pairsOf(view.pairings[2]!)).toEqual(['cormac-ailill', 'bran-deirdre']);
    // Ailill wins defending; Bran wins attacking.
    await playRound(server, view, players, { 'cormac-ailill': 'defenders', 'bran-deirdre': 'attackers' });

    view = await until(server.url, created.id, (v) => v.status === 'finished');
    expect(view.round).toBe(3);
    expect(view.pairings.map((r) => r.map((p) => p.score))).toEqual([
      [0, 0.5],
      [0, 0.5],
      [0, 1],
    ]);
    expect(view.pairings.flat().every((p) => p.status === 'ended' && !p.forfeit)).toBe(true);
    // Points: A ½ + 1 = 1½; B 1 + 0 + 1 = 2; C ½ + 1 + 0 = 1½; D ½ + ½ + 0 = 1.
    // Buchholz (the opponents' points): A = B 2 + D 1 + C 1½ = 4½; B = A 1½ + C 1½ + D 1 = 4;
    // C = D 1 + B 2 + A 1½ = 4½; D = C 1½ + A 1½ + B 2 = 5.
    // Sonneborn-Berger (the points of the opponents beaten, half those drawn with):
    // A = ½·D 1 + C 1½ = 2; B = A 1½ + D 1 = 2½; C = ½·D 1 + B 2 = 2½; D = ½·C 1½ + ½·A 1½ = 1½.
    // Order: B on 2; A and C on 1½ with Buchholz 4½ each: Sonneborn-Berger puts C (2½) above
    // A (2); D on 1.
    expect(
      view.standings.map((s) => [
        s.rank,
        s.name,
        s.points,
        s.buchholz,
        s.sonnebornBerger,
        s.attacked,
        s.defended,
      ]),
    ).toEqual([
      [1, 'bran', 2, 4, 2.5, 2, 1],
      [2, 'cormac', 1.5, 4.5, 2.5, 2, 1],
      [3, 'ailill', 1.5, 4.5, 2, 1, 2],
      [4, 'deirdre', 1, 5, 1.5, 1, 2],
    ]);
    // Six games, no more: each pairing made one, and each is a game of the tournament.
    const games = await querySql<{ n: number | string }>(
      setup,
      'select count(*) as n from games where tournament_id = ?',
      [created.id],
    );
    expect(Number(games[0]!.n)).toBe(6);
    const list = (await apiAs<TournamentList>(server.url, '/api/tournaments', undefined)).body;
    expect(list.finished.map((t) => [t.id, t.status, t.players])).toEqual([[created.id, 'finished', 4]]);
  }, 90_000);

  it('a player who deletes the account leaves an open tournament, and is paired no more in a running Swiss', async () => {
    const { server, setup } = await serve(backend);
    const [ailill, bran, cormac, deirdre, eithne] = await Promise.all(
      ['ailill', 'bran', 'cormac', 'deirdre', 'eithne'].map((name) => signUp(server.url, name)),
    );
    const players: Record<string, Session> = { ailill: ailill!, bran: bran!, cormac: cormac! };
    await setRatings(setup, 'brandubh', [
      [ailill!, 1800],
      [bran!, 1700],
      [cormac!, 1600],
      [deirdre!, 1500],
    ]);
    const created = await createTournament(server.url, ailill!, { rounds: 2, startsAt: Date.now() + 60_000 });
    for (const s of [bran!, cormac!, deirdre!, eithne!]) await joinTournament(server.url, created.id, s);
    const remove = (s: Session) =>
      apiAs(server.url, '/api/account/delete', s, { body: { password: 'correct horse' } }).then((r) =>
        expect(r.status).toBe(204),
      );
    // Eithne deletes her account before the start: she takes no part.
    await remove(eithne!);
    // Round 1 by rating: A-B, C-D.
    await startNow(setup, created.id);
    let view = await until(server.url, created.id, playing(1));
    expect(view.entrants).toEqual(['ailill', 'bran', 'cormac', 'deirdre']);
    expect(pairsOf(view.pairings[0]!)).toEqual(['ailill-bran', 'cormac-deirdre']);
    // Deirdre deletes hers while her game is on: she resigns it; Ailill beats Bran.
    await remove(deirdre!);
    await playRound(server, { ...view, pairings: [view.pairings[0]!.slice(0, 1)] }, players, {
      'ailill-bran': 'attackers',
    });
    // Round 2 among the three left: A (1, 1800), C (1, 1600), B (0): B, the lowest ranked, has
    // the bye; A and C have both attacked once: the higher ranked, A, attacks.
    view = await until(server.url, created.id, playing(2));
    expect(view.pairings[0]!.map((p) => [p.defenders, p.score, p.result?.reason])).toEqual([
      ['bran', 1, 'resignation'],
      ['deleted player', 1, 'resignation'],
    ]);
    expect(pairsOf(view.pairings[1]!)).toEqual(['ailill-cormac', 'bran bye']);
    await playRound(server, view, players, { 'ailill-cormac': 'draw' });
    view = await until(server.url, created.id, (v) => v.status === 'finished');
    // A 1½, C 1½ (A's opponents: B 1 + C 1½ = 2½; C's: D 0 + A 1½ = 1½), B 1 (a bye), D 0.
    expect(view.standings.map((s) => [s.name, s.points, s.buchholz])).toEqual([
      ['ailill', 1.5, 2.5],
      ['cormac', 1.5, 1.5],
      ['bran', 1, 1.5],
      ['deleted player', 0, 1.5],
    ]);
  }, 90_000);

  it('a round robin of three: each player sits out one round (worth nothing), and meets each other once', async () => {
    const { server, setup } = await serve(backend);
    const [ailill, bran, cormac] = await Promise.all(
      ['ailill', 'bran', 'cormac'].map((n) => signUp(server.url, n)),
    );
    const players: Record<string, Session> = { ailill: ailill!, bran: bran!, cormac: cormac! };
    await setRatings(setup, 'brandubh', [
      [ailill!, 1800],
      [bran!, 1700],
      [cormac!, 1600],
    ]);
    const created = await createTournament(server.url, ailill!, {
      kind: 'round-robin',
      rounds: 1,
      time: { kind: 'correspondence', days: 3 },
      rated: true,
      startsAt: Date.now() + 60_000,
    });
    await joinTournament(server.url, created.id, bran!);
    await joinTournament(server.url, created.id, cormac!);
    expect((await tournament(server.url, created.id)).totalRounds).toBe(3);
    // The circle method on A B C and an empty seat: round 1 A sits out, B-C (equal sides: the
    // higher ranked attacks); round 2 B sits out, A-C: C has defended, A not yet: C attacks;
    // round 3 C sits out, A-B: A has defended, B attacked: A attacks.
    const expected = [
      ['bran-cormac', 'ailill bye'],
      ['cormac-ailill', 'bran bye'],
      ['ailill-bran', 'cormac bye'],
    ];
    const results: Record<string, Outcome> = {
      'bran-cormac': 'attackers',
      'cormac-ailill': 'draw',
      'ailill-bran': 'attackers',
    };
    await startNow(setup, created.id);
    for (let round = 1; round <= 3; round++) {
      const view = await until(server.url, created.id, playing(round));
      expect(pairsOf(view.pairings[round - 1]!)).toEqual(expected[round - 1]);
      const bye = view.pairings[round - 1]!.find((p) => p.defenders === null)!;
      expect([bye.game, bye.score]).toEqual([null, 0]);
      await playRound(server, view, players, results);
    }
    const view = await until(server.url, created.id, (v) => v.status === 'finished');
    // A: ½ + 1 = 1½; B: 1 + 0 = 1; C: 0 + ½ = ½ (no point for sitting out).
    // Buchholz: A = C ½ + B 1 = 1½; B = C ½ + A 1½ = 2; C = B 1 + A 1½ = 2½.
    expect(view.standings.map((s) => [s.name, s.points, s.buchholz])).toEqual([
      ['ailill', 1.5, 1.5],
      ['bran', 1, 2],
      ['cormac', 0.5, 2.5],
    ]);
  }, 90_000);

  it('a tournament with one player is cancelled at its start; joining or leaving a started one is refused', async () => {
    const { server, setup } = await serve(backend);
    const [ailill, bran, cormac] = await Promise.all(
      ['ailill', 'bran', 'cormac'].map((n) => signUp(server.url, n)),
    );
    const alone = await createTournament(server.url, ailill!, { startsAt: Date.now() + 60_000 });
    // Bran joins and leaves again: Ailill is alone at the start.
    expect((await joinTournament(server.url, alone.id, bran!)).entrants).toEqual(['ailill', 'bran']);
    const left = await apiAs<TournamentView>(server.url, `/api/tournaments/${alone.id}/leave`, bran!, {
      method: 'POST',
    });
    expect([left.status, left.body.entrants]).toEqual([200, ['ailill']]);
    await startNow(setup, alone.id);
    const cancelled = await until(server.url, alone.id, (v) => v.status !== 'open');
    expect([cancelled.status, cancelled.round, cancelled.pairings]).toEqual(['cancelled', 0, []]);

    const started = await createTournament(server.url, ailill!, { startsAt: Date.now() + 60_000 });
    await joinTournament(server.url, started.id, bran!);
    await startNow(setup, started.id);
    await until(server.url, started.id, playing(1));
    for (const [act, who] of [
      ['join', cormac!],
      ['leave', bran!],
    ] as const) {
      const refused = await apiAs<ErrorBody>(server.url, `/api/tournaments/${started.id}/${act}`, who, {
        method: 'POST',
      });
      expect([refused.status, refused.body.error.code]).toEqual([409, 'tournament/closed']);
    }
    const after = await tournament(server.url, started.id);
    expect(after.entrants).toEqual(['ailill', 'bran']);
    // A tournament game cannot be aborted by a player.
    const game = after.pairings[0]![0]!.game!;
    const seat = await apiAs<{ token: string }>(server.url, `/api/games/${game}/seat`, ailill!);
    const client = await Client.connect(server.ws);
    try {
      client.send({ t: 'abort', game, token: seat.body.token, re: 7 });
      const error = await client.next('error', (m) => m.re === 7);
      expect(error.code).toBe('game/tournament');
    } finally {
      client.close();
    }
    // Unknown ids, and signed-out requests.
    const unknown = await apiAs<ErrorBody>(server.url, '/api/tournaments/ZZZZZZZZZZ', undefined);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'tournament/unknown']);
    const odd = await apiAs<ErrorBody>(server.url, '/api/tournaments/..%2F..%2Fetc', undefined);
    expect(odd.status).toBe(404);
    const guest = await apiAs<ErrorBody>(server.url, `/api/tournaments/${started.id}/join`, undefined, {
      method: 'POST',
    });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'auth/required']);
  }, 60_000);

  it('a tournament takes 64 players: of eight joining for the last three places, five are refused', async () => {
    const { server, setup } = await serve(backend);
    const creator = await signUp(server.url, 'ailill');
    const joiners = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(server.url, `joiner${i}`)));
    const created = await createTournament(server.url, creator, { startsAt: Date.now() + 600_000 });
    // 60 more entries, written straight into the table (60 sign-ups would be slow): 61 in all.
    await runSql(
      setup,
      Array.from({ length: 60 }, (_, i) => ({
        sql: 'insert into tournament_players (tournament_id, user_id, name, rating, joined_at) values (?, ?, ?, ?, ?)',
        params: [created.id, `filler${i}`, `filler${i}`, 1500, Date.now()],
      })),
    );
    // Eight ask at once (the race itself is tournament-store.test.ts's, on the store).
    const answers = await Promise.all(
      joiners.map((s) =>
        apiAs<ErrorBody>(server.url, `/api/tournaments/${created.id}/join`, s, { method: 'POST' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.error.code).toBe('tournament/full');
    const view = await tournament(server.url, created.id);
    expect([view.players, view.entrants.length]).toEqual([64, 64]);
  });

  it('a game nobody began is aborted by the server and lost by forfeit by the side to move', async () => {
    // Ard Ri (Le Globe Joueur): the defenders move first, so they forfeit.
    const { server, setup } = await serve(backend, {
      TAFL_UNSTARTED_ABORT_MS: '500',
      TAFL_EXPIRY_SWEEP_MS: '200',
    });
    const [ailill, bran] = await Promise.all(['ailill', 'bran'].map((n) => signUp(server.url, n)));
    const created = await createTournament(server.url, ailill!, {
      rules: 'ard-ri-fr',
      rounds: 1,
      startsAt: Date.now() + 60_000,
    });
    await joinTournament(server.url, created.id, bran!);
    await startNow(setup, created.id);
    const view = await until(server.url, created.id, (v) => v.status === 'finished');
    const [p] = view.pairings[0]!;
    expect(p!.status).toBe('aborted');
    expect(p!.result?.reason).toBe('unstarted');
    expect([p!.score, p!.forfeit]).toEqual([1, true]);
    expect(view.standings.map((s) => [s.name, s.points])).toEqual([
      [p!.attackers, 1],
      [p!.defenders, 0],
    ]);
  }, 60_000);

  it('refuses hostile or impossible creation requests with a sentence, and creates nothing', async () => {
    const { server } = await serve(backend);
    const ailill = await signUp(server.url, 'ailill');
    const refusals: [string, unknown][] = [
      ['a name of 1000 characters', tournamentRequest({ name: 'x'.repeat(1000) })],
      ['an empty name', tournamentRequest({ name: '   ' })],
      ['a name with a bidi override', tournamentRequest({ name: 'Samhain \u202e open' })],
      ['a name that is a number', { ...tournamentRequest(), name: 42 }],
      ['0 rounds', tournamentRequest({ rounds: 0 })],
      ['99 rounds', tournamentRequest({ rounds: 99 })],
      ['2.5 rounds', tournamentRequest({ rounds: 2.5 })],
      ['rounds as text', { ...tournamentRequest(), rounds: '3' }],
      ['a round robin of 3 cycles', tournamentRequest({ kind: 'round-robin', rounds: 3 })],
      ['an unknown kind', { ...tournamentRequest(), kind: 'knockout' }],
      ['a start in the past', tournamentRequest({ startsAt: Date.now() - 3_600_000 })],
      ['a start next year', tournamentRequest({ startsAt: Date.now() + 400 * 86_400_000 })],
      ['a start as text', { ...tournamentRequest(), startsAt: 'tomorrow' }],
      ['rules of one’s own', tournamentRequest({ rules: '11x11 ...' })],
      ['an unknown preset', tournamentRequest({ rules: 'chess' })],
      ['untimed', tournamentRequest({ time: { kind: 'none' } })],
      ['a live clock of 0 ms', tournamentRequest({ time: { kind: 'live', baseMs: 0, incrementMs: 0 } })],
      ['rated as text', { ...tournamentRequest(), rated: 'yes' }],
      ['an extra field', { ...tournamentRequest(), creator: 'someone else' }],
      ['an array', [tournamentRequest()]],
    ];
    for (const [what, body] of refusals) {
      const { status, body: answer } = await apiAs<ErrorBody>(server.url, '/api/tournaments', ailill, {
        body,
      });
      expect([what, status, answer.error?.code]).toEqual([what, 400, 'tournament/invalid']);
      expect(answer.error.message.length).toBeGreaterThan(10);
    }
    // Signed out: 401, whatever the body.
    const guest = await apiAs<ErrorBody>(server.url, '/api/tournaments', undefined, {
      body: tournamentRequest(),
    });
    expect([guest.status, guest.body.error.code]).toEqual([401, 'auth/required']);
    const list = (await apiAs<TournamentList>(server.url, '/api/tournaments', undefined)).body;
    expect(list).toEqual({ open: [], running: [], finished: [] });
    // A good one is made, with its name tidied.
    const made = await createTournament(server.url, ailill, { name: '  Samhain   open ', rounds: 15 });
    expect([made.name, made.rounds, made.rulesName]).toEqual([
      'Samhain open',
      15,
      'Brandub (Le Globe Joueur)',
    ]);
    // Five waiting to start at once per player, no more.
    for (let i = 0; i < 4; i++) await createTournament(server.url, ailill);
    const sixth = await apiAs<ErrorBody>(server.url, '/api/tournaments', ailill, {
      body: tournamentRequest(),
    });
    expect([sixth.status, sixth.body.error.code]).toEqual([400, 'tournament/invalid']);
    expect((await apiAs<TournamentList>(server.url, '/api/tournaments', undefined)).body.open).toHaveLength(
      5,
    );
  }, 60_000);
});
