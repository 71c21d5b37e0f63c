/**
 * The tables on the disk: one gzip file a material, `DIR/RULES-ID/k1d3a.tb.gz`, holding the
 * bytes the engine reads (`tbTableBytes`). A file is written under a temporary name and renamed
 * when complete, so a file with its final name is always whole: an interrupted build leaves at
 * most a temporary file, which never counts and is removed by the next build.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Ruleset } from '@tafl/core';
import {
  Tablebase,
  parseTbTable,
  tbMaterialFile,
  tbTableBytes,
  type TbMaterial,
  type TbTable,
} from '@tafl/engine';

/** Where `tafl tb` keeps its tables unless told otherwise: `tablebases` in the current directory. */
export const DEFAULT_TB_DIR = 'tablebases';

export const rulesDir = (dir: string, rules: Ruleset): string => join(dir, rules.id);

export const tablePath = (dir: string, rules: Ruleset, m: TbMaterial): string =>
  join(rulesDir(dir, rules), `${tbMaterialFile(m)}.gz`);

export const hasTable = (dir: string, rules: Ruleset, m: TbMaterial): boolean =>
  existsSync(tablePath(dir, rules, m));

/** Writes a table (compressed) under a temporary name, then renames it; returns its size in bytes. */
export function writeTable(dir: string, rules: Ruleset, table: TbTable): number {
  const path = tablePath(dir, rules, table.material);
  mkdirSync(rulesDir(dir, rules), { recursive: true });
  const data = gzipSync(tbTableBytes(table), { level: 6 });
  const temp = `${path}.tmp-${process.pid}-${Math.floor(Math.random() * 1e9)}`;
  writeFileSync(temp, data);
  renameSync(temp, path);
  return data.length;
}

export function readTable(dir: string, rules: Ruleset, m: TbMaterial): TbTable {
  return parseTbTable(rules, gunzipSync(readFileSync(tablePath(dir, rules, m))));
}

/** Removes what interrupted builds left (temporary files); returns how many. */
export function removeTemporaries(dir: string, rules: Ruleset): number {
  const where = rulesDir(dir, rules);
  if (!existsSync(where)) return 0;
  const stale = readdirSync(where).filter((f) => f.includes('.tmp-'));
  for (const f of stale) rmSync(join(where, f), { force: true });
  return stale.length;
}

/** A Tablebase with the given materials' tables read from the disk (those present). */
export function loadTables(dir: string, rules: Ruleset, wanted: readonly TbMaterial[]): Tablebase {
  const tb = new Tablebase(rules);
  for (const m of wanted) if (hasTable(dir, rules, m)) tb.add(readTable(dir, rules, m));
  return tb;
}
