/**
 * One server process per SQLite data folder. SQLite would let a second process share the
 * database, and each would then hold its own games and clocks in memory and overwrite the
 * other's: the second process must refuse to start instead.
 *
 * The lock is SQLite's own file lock on `<dataDir>/server.lock` (a small SQLite database of its
 * own, opened in EXCLUSIVE locking mode and written once, so that its lock is held until the
 * connection closes). The operating system releases it when the process ends in any way,
 * SIGKILL and power cuts included: a stale lock never blocks a restart, and no PID is trusted
 * for it (PIDs are reused). The holder's PID is written to `server.pid` beside it, only to be
 * named in the refusal.
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';

export const LOCK_FILE = 'server.lock';
export const PID_FILE = 'server.pid';

/** The locks this process holds: referenced here, so that no garbage collection closes them. */
const held = new Set<SQLite.Database>();

/** Takes the data folder for this process, or throws with one sentence saying why not. */
export function lockDataDir(dataDir: string): { release: () => void } {
  mkdirSync(dataDir, { recursive: true });
  // timeout 0: a held lock fails at once (SQLITE_BUSY) rather than being waited for.
  const lock = new SQLite(join(dataDir, LOCK_FILE), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('create table if not exists holder (pid integer not null); delete from holder');
    lock.prepare('insert into holder (pid) values (?)').run(process.pid);
  } catch (e) {
    lock.close();
    if ((e as { code?: unknown }).code !== 'SQLITE_BUSY') throw e;
    let pid = '';
    try {
      pid = readFileSync(join(dataDir, PID_FILE), 'utf8').trim();
    } catch {
      // no PID written (yet): say it without
    }
    throw new Error(
      `another server process${/^\d+$/.test(pid) ? ` (PID ${pid})` : ''} is using the data folder ${resolve(dataDir)}: stop it, or give this one another DATA_DIR`,
      { cause: e },
    );
  }
  writeFileSync(join(dataDir, PID_FILE), `${process.pid}\n`);
  held.add(lock);
  return {
    release: () => {
      held.delete(lock);
      lock.close();
    },
  };
}
