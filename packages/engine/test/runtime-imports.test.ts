// The engine's runtime (src/) is what the app's worker, the server and the command line load: it
// imports nothing but its own modules, the rules core and Node's built-ins. Tools live apart and
// import the runtime, never the other way round: the Texel tuner (tune/), the scripts (scripts/).
// Read from the source files, so a new import of the tuner fails here before any build.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module specifiers of `import ... from`, `export ... from`, `import '...'` and `import(...)`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) found.push(m[1]!);
  return found;
}

describe('the engine runtime imports', () => {
  it('finds every form of import in a module’s text', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export * from './c.js';",
      "import './d.js';",
      "const e = await import('./e.js');",
    ].join('\n');
    expect(specifiers(text)).toEqual(
      expect.arrayContaining(['./a.js', '../b.js', './c.js', './d.js', './e.js']),
    );
  });

  const files = sources(SRC);

  it('reads the runtime modules', () => {
    expect(files.map((f) => relative(SRC, f))).toEqual(
      expect.arrayContaining(['index.ts', 'search.ts', 'levels.ts', 'tuned.ts']),
    );
  });

  it('has no tuner among the runtime modules (it lives in tune/)', () => {
    expect(files.map((f) => relative(SRC, f))).not.toContain('tune.ts');
  });

  it.each(files.map((f) => [relative(SRC, f), f]))(
    'src/%s imports only src/, @tafl/core and node: built-ins',
    (_, file) => {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          expect(relative(SRC, target).startsWith('..'), `${spec} is outside src/`).toBe(false);
        } else expect(spec === '@tafl/core' || spec.startsWith('node:'), spec).toBe(true);
      }
    },
  );
});
