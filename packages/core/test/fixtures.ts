/**
 * The test fixtures kept in this repository (packages/core/test/fixtures): trace vectors, real
 * games, records written by other software. Each folder has a README with its provenance. A file
 * that is missing fails the test that needs it with one sentence naming it; nothing is skipped.
 */

import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** The absolute path of a fixture, which must exist. */
export function fixturePath(relative: string): string {
  const path = `${DIR}${relative}`;
  if (!existsSync(path)) throw new Error(`missing test fixture packages/core/test/fixtures/${relative}`);
  return path;
}

/** A fixture's text; a `.gz` file is unzipped. */
export function readFixture(relative: string): string {
  const bytes = readFileSync(fixturePath(relative));
  return (relative.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
