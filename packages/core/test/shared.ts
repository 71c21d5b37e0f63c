/**
 * Paths to the project's shared material (specification, vectors, real games), read-only: the
 * folder `TAFL_SHARED` names, else `../shared` beside the repository. `.ci/run` sets
 * `TAFL_SHARED` when the clone stands elsewhere.
 */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../shared/', import.meta.url));
const SHARED = process.env['TAFL_SHARED'] ? resolve(process.env['TAFL_SHARED']) : ROOT;

export const sharedPath = (relative: string): string => {
  if (!existsSync(SHARED))
    throw new Error(`the shared material is not at ${SHARED}: set TAFL_SHARED to the shared folder`);
  return resolve(SHARED, relative);
};
