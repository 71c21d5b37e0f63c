/** Paths to the project's shared material (specification, vectors, real games), read-only. */

import { fileURLToPath } from 'node:url';

export const sharedPath = (relative: string): string =>
  fileURLToPath(new URL(`../../../../shared/${relative}`, import.meta.url));
