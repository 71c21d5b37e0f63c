/**
 * The player's progress, kept in this browser (localStorage): the puzzles solved, by ruleset, and
 * the last ruleset and difficulty chosen. Storage that fails (private mode) keeps them for the
 * page only.
 */

const SOLVED_KEY = 'tafl.puzzles.solved';
const CHOICE_KEY = 'tafl.puzzles.choice';

export type Solved = Readonly<Record<string, readonly string[]>>;

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // no storage: the progress lasts for this page only
  }
}

/** The puzzles solved, by ruleset (whatever the storage holds that is not that shape is ignored). */
export function loadSolved(): Solved {
  const value = read(SOLVED_KEY);
  if (value === null || typeof value !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [rules, ids] of Object.entries(value as Record<string, unknown>))
    if (Array.isArray(ids)) out[rules] = ids.filter((id): id is string => typeof id === 'string');
  return out;
}

/** `solved` with one more puzzle of `rules` solved, stored. */
export function markSolved(solved: Solved, rules: string, id: string): Solved {
  const ids = solved[rules] ?? [];
  if (ids.includes(id)) return solved;
  const next = { ...solved, [rules]: [...ids, id] };
  write(SOLVED_KEY, next);
  return next;
}

export interface Choice {
  readonly rules: string;
  /** 1 to 5, or 0 for every difficulty. */
  readonly difficulty: number;
}

export function loadChoice(): Partial<Choice> {
  const value = read(CHOICE_KEY) as Partial<Choice> | undefined;
  if (value === null || typeof value !== 'object') return {};
  return {
    ...(typeof value.rules === 'string' ? { rules: value.rules } : {}),
    ...(typeof value.difficulty === 'number' ? { difficulty: value.difficulty } : {}),
  };
}

export function saveChoice(choice: Choice): void {
  write(CHOICE_KEY, choice);
}
