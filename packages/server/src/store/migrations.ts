/**
 * The schema's migrations, in code (the built server has no migration files beside it), run by
 * Kysely's Migrator in name order. Add a migration by adding an entry with a later name; never
 * edit one that has shipped.
 *
 * Several processes may start at once. On PostgreSQL the Migrator runs the pending migrations in
 * one transaction under an advisory lock (`pg_advisory_lock`, PostgresAdapter), so the second
 * process waits for the first and then finds nothing to do; it also tolerates the race to create
 * its own `kysely_migration` tables. On SQLite (one process) every statement is `if not exists`
 * as well, so a half-applied migration can be run again.
 */

import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  Migrator,
  PostgresIntrospector,
  sql,
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';

const migrations: Record<string, Migration> = {
  '0001-games-moves-heartbeats': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('games')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('rules', 'text', (c) => c.notNull())
        .addColumn('rules_id', 'text')
        .addColumn('rules_name', 'text', (c) => c.notNull())
        .addColumn('time_kind', 'text', (c) => c.notNull())
        .addColumn('time_base_ms', 'bigint', (c) => c.notNull())
        .addColumn('time_increment_ms', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('winner', 'text')
        .addColumn('reason', 'text')
        .addColumn('ply', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('attackers_name', 'text')
        .addColumn('attackers_token', 'text')
        .addColumn('defenders_name', 'text')
        .addColumn('defenders_token', 'text')
        .addColumn('clock_attackers_ms', 'bigint')
        .addColumn('clock_defenders_ms', 'bigint')
        .addColumn('turn_started_at', 'bigint')
        .addColumn('draw_offer', 'text')
        .addColumn('rematch_offer', 'text')
        .addColumn('rematch_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      // The lobby: each list is `where status = ? order by updated_at desc, id desc limit ?`.
      await db.schema
        .createIndex('games_status_updated')
        .ifNotExists()
        .on('games')
        .columns(['status', 'updated_at', 'id'])
        .execute();
      // The running clocks (partial: only the few games whose clock runs). The queries repeat
      // this predicate with literals, which SQLite needs to use a partial index.
      await db.schema
        .createIndex('games_running_clock')
        .ifNotExists()
        .on('games')
        .column('turn_started_at')
        .where(sql.ref('status'), '=', sql.lit('playing'))
        .where(sql.ref('turn_started_at'), 'is not', null)
        .execute();
      await db.schema
        .createTable('moves')
        .ifNotExists()
        .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
        .addColumn('ply', 'integer', (c) => c.notNull())
        .addColumn('move', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('clock_ms', 'bigint')
        .addPrimaryKeyConstraint('moves_pk', ['game_id', 'ply'])
        .execute();
      await db.schema
        .createTable('heartbeats')
        .ifNotExists()
        .addColumn('server_id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0002-analyses': {
    // The analyses of finished games (the analysis board's, docs/app.md): a table of their own, so that writing one can
    // never touch a game's row. One per game; deleted with its game.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('analyses')
        .ifNotExists()
        .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
        .addColumn('depth', 'integer', (c) => c.notNull())
        .addColumn('analysis', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0003-players': {
    // Accounts, ratings and tournaments (docs/online.md). The games gain what a rated or tournament
    // game is made with (`rated`, the seek's range, the tournament) and the accounts holding the
    // seats; a guest's game has none of them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await addColumns(db, 'games', [
        ['rated', 'integer', (c) => c.notNull().defaultTo(0)],
        ['rating_min', 'integer', (c) => c],
        ['rating_max', 'integer', (c) => c],
        ['tournament_id', 'text', (c) => c],
        ['attackers_user', 'text', (c) => c],
        ['defenders_user', 'text', (c) => c],
      ]);
      // A player's games ("my games", the player page): by seat, newest change first. Partial:
      // a guest's seat has no account, and every move changes updated_at, so an index of every
      // game would be rewritten at every move of every game (measured: a tenth fewer moves a
      // second at full speed); a query for one account's games (`x = ?`) implies `x is not null`.
      for (const side of ['attackers', 'defenders'])
        await db.schema
          .createIndex(`games_${side}_user`)
          .ifNotExists()
          .on('games')
          .columns([`${side}_user`, 'status', 'updated_at'])
          .where(sql.ref(`${side}_user`), 'is not', null)
          .execute();
      await db.schema
        .createTable('users')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        // The name in lower case: unique, so that names differing only in case are one name.
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        // scrypt$N$r$p$salt$hash (accounts/passwords.ts).
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .ifNotExists()
        // SHA-256 (hex) of the cookie's token: the token itself is never stored.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('csrf', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').column('user_id').execute();
      await db.schema
        .createTable('ratings')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('deviation', 'double precision', (c) => c.notNull())
        .addColumn('volatility', 'double precision', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('last_played_at', 'bigint')
        .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'family'])
        .execute();
      await db.schema
        .createIndex('ratings_family_rating')
        .ifNotExists()
        .on('ratings')
        .columns(['family', 'rating'])
        .execute();
      await db.schema
        .createTable('rating_history')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('deviation', 'double precision', (c) => c.notNull())
        // The change the game brought, rounded (what the player page shows beside the game).
        .addColumn('diff', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_history_pk', ['user_id', 'game_id'])
        .execute();
      await db.schema
        .createIndex('rating_history_user')
        .ifNotExists()
        .on('rating_history')
        .columns(['user_id', 'family', 'at'])
        .execute();
      // The rated games whose ratings have been updated: each exactly once, whichever process
      // sees the end first (the primary key decides).
      await db.schema
        .createTable('rated_games')
        .ifNotExists()
        .addColumn('game_id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tournaments')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('rules_id', 'text', (c) => c.notNull())
        .addColumn('rules_name', 'text', (c) => c.notNull())
        .addColumn('time_kind', 'text', (c) => c.notNull())
        .addColumn('time_base_ms', 'bigint', (c) => c.notNull())
        .addColumn('time_increment_ms', 'bigint', (c) => c.notNull())
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('rated', 'integer', (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('creator_id', 'text')
        .addColumn('creator_name', 'text', (c) => c.notNull())
        // Every change adds 1 and is conditional on the version read (as a game's).
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tournaments_status_starts')
        .ifNotExists()
        .on('tournaments')
        .columns(['status', 'starts_at'])
        .execute();
      await db.schema
        .createTable('tournament_players')
        .ifNotExists()
        .addColumn('tournament_id', 'text', (c) =>
          c.notNull().references('tournaments.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('rating', 'double precision', (c) => c.notNull())
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('tournament_players_pk', ['tournament_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('tournament_players_user')
        .ifNotExists()
        .on('tournament_players')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('tournament_pairings')
        .ifNotExists()
        .addColumn('tournament_id', 'text', (c) =>
          c.notNull().references('tournaments.id').onDelete('cascade'),
        )
        .addColumn('round', 'integer', (c) => c.notNull())
        .addColumn('board', 'integer', (c) => c.notNull())
        .addColumn('attackers_user', 'text', (c) => c.notNull())
        // null: a bye for attackers_user.
        .addColumn('defenders_user', 'text')
        .addColumn('game_id', 'text')
        // The attackers' score once decided (1, 0.5, 0); a bye is 1.
        .addColumn('score', 'double precision')
        .addColumn('forfeit', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tournament_pairings_pk', ['tournament_id', 'round', 'board'])
        .execute();
      await db.schema
        .createIndex('tournament_pairings_game')
        .ifNotExists()
        .on('tournament_pairings')
        .column('game_id')
        .execute();
      // The server's own secrets (the key seat tokens of accounts are derived with), made once.
      await db.schema
        .createTable('secrets')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0004-games-account-indexes': {
    // 0003 was edited after it had shipped to make the games' indexes by account partial: a
    // database migrated by the earlier 0003 kept full ones. This makes them what a fresh 0003
    // makes, and changes nothing where they are already partial (no index is rebuilt there: on
    // PostgreSQL that would hold the games' table while other processes serve).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      for (const side of ['attackers', 'defenders']) {
        const name = `games_${side}_user`;
        if (await isPartialIndex(db, 'games', name)) continue;
        await db.schema.dropIndex(name).ifExists().execute();
        await db.schema
          .createIndex(name)
          .ifNotExists()
          .on('games')
          .columns([`${side}_user`, 'status', 'updated_at'])
          .where(sql.ref(`${side}_user`), 'is not', null)
          .execute();
      }
    },
  },
  '0005-seat-keys': {
    // An account's seat token becomes one of each game, and dies with what should end it
    // (game.ts playToken): each account gains a seat key, replaced by a password change and by
    // signing out everywhere, and `seat_rekey_at` says since when a new key waits for every game
    // of the account to hold its tokens' hashes (null: none waits; a sweep finishes what a
    // process that died left). The games' stored hashes, of the old one token per account, are
    // rewritten here to the new tokens' hashes: no token given before the upgrade acts after it.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await addColumns(db, 'users', [
        ['seat_key', 'text', (c) => c],
        ['seat_rekey_at', 'bigint', (c) => c],
      ]);
      // The accounts whose new key waits (few at any time): for the sweep.
      await db.schema
        .createIndex('users_seat_rekey')
        .ifNotExists()
        .on('users')
        .column('seat_rekey_at')
        .where(sql.ref('seat_rekey_at'), 'is not', null)
        .execute();
      // SQLite runs a migration outside a transaction (PostgreSQL inside one): the rewrite is one.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const rewrite = (tx: Kysely<any>): Promise<void> => rekeyGames(tx);
      await (db.isTransaction ? rewrite(db) : db.transaction().execute(rewrite));
    },
  },
  '0006-limits': {
    // The limits every process shares (store/limits.ts): attempts counted per key within a
    // window (sign-in failures, accounts made), the places of waiting games, and the addresses
    // (keyed hashes) an account signed in from. A limit counted in one process's memory was
    // forgotten at a restart and allowed N times its value to N processes.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('limit_attempts')
        .ifNotExists()
        // One attempt writes a row for each key it is counted under.
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        // When it leaves its window: the sweep deletes it then.
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('limit_attempts_pk', ['id', 'kind', 'key'])
        .execute();
      await db.schema
        .createIndex('limit_attempts_key')
        .ifNotExists()
        .on('limit_attempts')
        .columns(['kind', 'key', 'at'])
        .execute();
      await db.schema
        .createIndex('limit_attempts_expires')
        .ifNotExists()
        .on('limit_attempts')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('waiting_places')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.notNull())
        // Whose place: `address:HASH` or `account:ID`.
        .addColumn('key', 'text', (c) => c.notNull())
        // null while the game is being made (a place pending since `at`).
        .addColumn('game_id', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('waiting_places_pk', ['id', 'key'])
        .execute();
      await db.schema
        .createIndex('waiting_places_key')
        .ifNotExists()
        .on('waiting_places')
        .column('key')
        .execute();
      await db.schema
        .createTable('known_addresses')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_addresses_pk', ['user_id', 'address'])
        .execute();
      await db.schema
        .createIndex('known_addresses_last')
        .ifNotExists()
        .on('known_addresses')
        .column('last_at')
        .execute();
    },
  },
  '0007-mail': {
    // Mail that reaches a player away from the app (store/mail.ts): each account's address
    // with its confirmation, language and settings, and the queue of mails to send, which
    // survives a restart. Both go with their account (foreign keys, on delete cascade). The
    // tokens of the links are never stored: the SHA-256 of each, for looking it up.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('mail_addresses')
        .ifNotExists()
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull())
        // 'each' | 'digest' | 'off'; the other two kinds of mail are 1 (sent) or 0.
        .addColumn('your_move', 'text', (c) => c.notNull())
        .addColumn('rounds', 'integer', (c) => c.notNull())
        .addColumn('losses', 'integer', (c) => c.notNull())
        // When this address was set: its links' tokens are derived with it (mail/tokens.ts).
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        // Until confirmed: the confirmation token's hash and when it stops working.
        .addColumn('confirm_hash', 'text')
        .addColumn('confirm_expires_at', 'bigint')
        .addColumn('unsubscribe_hash', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('mail_addresses_unsubscribe')
        .ifNotExists()
        .unique()
        .on('mail_addresses')
        .column('unsubscribe_hash')
        .execute();
      await db.schema
        .createIndex('mail_addresses_confirm')
        .ifNotExists()
        .on('mail_addresses')
        .column('confirm_hash')
        .where(sql.ref('confirm_hash'), 'is not', null)
        .execute();
      await db.schema
        .createTable('mail_queue')
        .ifNotExists()
        // What the mail is about, with its account: `USER:move:GAME:PLY`, `USER:digest:SLOT`...
        // so that one mail is never queued twice (mail/service.ts).
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text')
        // JSON: what the mail says (never its address or a token).
        .addColumn('payload', 'text', (c) => c.notNull())
        // 'pending' | 'sent' | 'dropped' (nothing left to say) | 'failed' (refused for good).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        // A process sending it holds it until then (another takes it over after).
        .addColumn('lease_id', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .execute();
      // The mails due: the few pending ones, soonest first.
      await db.schema
        .createIndex('mail_queue_due')
        .ifNotExists()
        .on('mail_queue')
        .column('next_at')
        .where(sql.ref('status'), '=', sql.lit('pending'))
        .execute();
      await db.schema
        .createIndex('mail_queue_user')
        .ifNotExists()
        .on('mail_queue')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('mail_queue_done')
        .ifNotExists()
        .on('mail_queue')
        .column('done_at')
        .execute();
    },
  },
  '0008-takeback': {
    // Takebacks in casual games (hub.ts takeback): the side asking to take its last move back,
    // and how many takebacks the game has had. A takeback deletes moves; a process's copy of the
    // game that sees this count change knows its moves are no longer the game's and reads them
    // all again (a move made since may stand where the one taken back stood, at the same ply).
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the schema as it was then
    async up(db: Kysely<any>): Promise<void> {
      await addColumns(db, 'games', [
        ['takeback_offer', 'text', (c) => c],
        ['takebacks', 'integer', (c) => c.notNull().defaultTo(0)],
      ]);
    },
  },
};

/**
 * 0005's rewrite: a seat key for every account that has none, and every account's seat in a game
 * the hash of its token there (game.ts playToken as of 0005, written out here so that this
 * migration stays what it was whatever the code becomes). A seat whose account is gone gets a
 * hash no token has. Each rewritten game's version moves on, so that a copy of it held by a
 * process of before the upgrade is stale and read again. The games are read a page at a time and
 * written 150 to a statement (5 parameters each: under SQLite's oldest limit of 999).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rekeyGames(db: Kysely<any>): Promise<void> {
  const newKey = (): string => randomBytes(32).toString('base64url');
  const users = (await db.selectFrom('users').select(['id', 'seat_key']).execute()) as {
    id: string;
    seat_key: string | null;
  }[];
  const keys = new Map(users.map((u) => [u.id, u.seat_key ?? newKey()]));
  const keyless = users.filter((u) => u.seat_key === null).map((u) => u.id);
  for (let i = 0; i < keyless.length; i += 300) {
    const ids = keyless.slice(i, i + 300);
    const cases = sql.join(
      ids.map((id) => sql`when ${id} then ${keys.get(id)}`),
      sql` `,
    );
    await sql`update users set seat_key = case id ${cases} end where id in (${sql.join(ids)})`.execute(db);
  }
  // No secret yet: no account ever took a seat (the hub takes none without it), so no game has a
  // token to rewrite; the secret is made by the first server that asks for it, not here (a
  // database a migration gave a row is not an empty one to copy into).
  const found = (await db
    .selectFrom('secrets')
    .select('value')
    .where('name', '=', 'seat')
    .executeTakeFirst()) as { value: string } | undefined;
  if (found === undefined) return;
  const secret = found.value;
  const hash = (user: string | null, game: string, old: string | null): string | null => {
    if (user === null) return old;
    const key = keys.get(user);
    const token =
      key === undefined
        ? randomBytes(16).toString('base64url')
        : createHmac('sha256', secret)
            .update(`seat:${user}:${game}:${key}`)
            .digest()
            .subarray(0, 16)
            .toString('base64url');
    return createHash('sha256').update(token).digest('hex');
  };
  type Seats = Record<`${'attackers' | 'defenders'}_${'user' | 'token'}`, string | null> & { id: string };
  for (let after = ''; ;) {
    const page = (await db
      .selectFrom('games')
      .select(['id', 'attackers_user', 'defenders_user', 'attackers_token', 'defenders_token'])
      .where('id', '>', after)
      .where((eb) => eb.or([eb('attackers_user', 'is not', null), eb('defenders_user', 'is not', null)]))
      .orderBy('id')
      .limit(1500)
      .execute()) as Seats[];
    if (page.length === 0) return;
    for (let i = 0; i < page.length; i += 150) {
      const chunk = page.slice(i, i + 150);
      const cases = (side: 'attackers' | 'defenders') =>
        sql.join(
          chunk.map((g) => sql`when ${g.id} then ${hash(g[`${side}_user`], g.id, g[`${side}_token`])}`),
          sql` `,
        );
      await sql`update games set
          attackers_token = case id ${cases('attackers')} end,
          defenders_token = case id ${cases('defenders')} end,
          version = version + 1
        where id in (${sql.join(chunk.map((g) => g.id))})`.execute(db);
    }
    after = page.at(-1)!.id;
  }
}

/** Migrations' names, in the order they run. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations).sort();

/** Every migration by name, as the Migrator runs them (tests: a database as it once was). */
export const MIGRATIONS: Readonly<Record<string, Migration>> = migrations;

/** Whether `table` has an index `name`, partial (with a `where`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function isPartialIndex(db: Kysely<any>, table: string, name: string): Promise<boolean> {
  if (db.introspection instanceof PostgresIntrospector) {
    const { rows } = await sql<{ partial: boolean }>`
      select i.indpred is not null as partial from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = ${name} and i.indrelid = ${table}::regclass`.execute(db);
    return rows[0]?.partial === true;
  }
  const { rows } = await sql<{ partial: number }>`
    select partial from pragma_index_list(${table}) where name = ${name}`.execute(db);
  return rows[0]?.partial === 1;
}

type ColumnBuild = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/**
 * Adds the columns `table` does not have yet (so that a half-applied migration on SQLite, which
 * has no `add column if not exists`, can run again).
 */
async function addColumns(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: string,
  columns: readonly (readonly [string, 'integer' | 'bigint' | 'text', ColumnBuild])[],
): Promise<void> {
  const tables = await db.introspection.getTables();
  const have = new Set(tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? []);
  for (const [name, type, build] of columns)
    if (!have.has(name)) await db.schema.alterTable(table).addColumn(name, type, build).execute();
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Runs the pending migrations up to and including `name` (tests: a database as it once was). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}

/** Runs every pending migration; throws the first error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error');
    const what = failed ? `migration ${failed.migrationName} failed` : 'migrating failed';
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
