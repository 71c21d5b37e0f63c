// The repository's imports as docs/architecture.md draws them: no module of a package imports,
// through any chain of its package's modules, itself (no import cycle), and the packages depend
// one way (the core imports nothing of ours, the engine only the core, nothing imports the app
// or the command line). Every form of import counts: `import type` too (two modules that need
// each other's types are one concern in two files, or a third module's), and `import()` (a
// cycle put off until run time is still a cycle). Read from the source files of every package,
// its tests and tools included; a cycle is broken by moving the shared piece to a module of its
// own, as lessons-draft.ts, book-source.ts, protocol-games.ts, store/rows.ts, client-key.ts and
// analysis/loaded.ts were.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PACKAGES_DIR = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['core', 'engine', 'server', 'web', 'cli'] as const;
type Package = (typeof PACKAGES)[number];

/** Every TypeScript module under `dir`, built output and installed packages aside. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : modules(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The module specifiers of `import ... from`, `export ... from`, `import '...'` and `import(...)`. */
function specifiers(text: string): string[] {
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]!));
}

/** The module a relative specifier names (`./x.js` is x.ts or x.tsx), if it is one of `known`. */
function resolveModule(from: string, spec: string, known: ReadonlySet<string>): string | undefined {
  const target = resolve(dirname(from), spec);
  const bare = target.replace(/\.(js|jsx|mjs|ts|tsx|mts)$/, '');
  const candidates = [target, `${bare}.ts`, `${bare}.tsx`, `${bare}.mts`, join(target, 'index.ts')];
  return candidates.find((c) => known.has(c) && existsSync(c) && statSync(c).isFile());
}

/** Each module of a package and the modules of the same package it imports. */
function packageGraph(root: string): Map<string, string[]> {
  const files = modules(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveModule(file, spec, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The import cycles of a graph: its strongly connected components of more than one module, or of
 * one that imports itself (Tarjan's algorithm), each sorted, in a stable order.
 */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Which of our packages a package may import by name (`@tafl/NAME`), besides itself. */
function mayImport(from: Package, to: string): boolean {
  if (to === from) return true;
  if (from === 'core') return false;
  if (from === 'engine') return to === 'core';
  return to !== 'web' && to !== 'cli';
}

describe('the import graph', () => {
  it('finds every form of import in a module’s text', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export * from './c.js';",
      "import './d.js';",
      "const e = await import('./e.js');",
      "export { type F } from './f.js';",
    ].join('\n');
    expect(specifiers(text).sort()).toEqual(['../b.js', './a.js', './c.js', './d.js', './e.js', './f.js']);
  });

  it('finds a cycle however long, and only the modules in it', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['a']],
      ['f', ['f']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c'], ['f']]);
    expect(cyclesOf(new Map([...graph, ['c', ['d']]]))).toEqual([['f']]);
  });

  it('reads the modules of every package, .tsx and type-only imports included', () => {
    const web = packageGraph(join(PACKAGES_DIR, 'web'));
    const board = join(PACKAGES_DIR, 'web/src/analysis/AnalysisBoard.tsx');
    expect(web.get(board)).toContain(join(PACKAGES_DIR, 'web/src/analysis/loaded.ts'));
    const core = packageGraph(join(PACKAGES_DIR, 'core'));
    expect(core.get(join(PACKAGES_DIR, 'core/src/lessons-king.ts'))).toContain(
      join(PACKAGES_DIR, 'core/src/lessons-draft.ts'),
    );
  });

  it.each(PACKAGES)('packages/%s has no import cycle', (name) => {
    const root = join(PACKAGES_DIR, name);
    const cycles = cyclesOf(packageGraph(root)).map((c) => c.map((f) => relative(root, f)).join(' <-> '));
    expect(cycles).toEqual([]);
  });

  it.each(PACKAGES)('packages/%s imports only the packages it may', (name) => {
    const root = join(PACKAGES_DIR, name);
    const refused = modules(root).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .map((spec) => /^@tafl\/([a-z]+)/.exec(spec)?.[1])
        .filter((to): to is string => to !== undefined && !mayImport(name, to))
        .map((to) => `${relative(root, file)} imports @tafl/${to}`),
    );
    expect(refused).toEqual([]);
  });
});
