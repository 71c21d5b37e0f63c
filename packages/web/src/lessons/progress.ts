/**
 * Which lessons a player has done, per ruleset, kept in the browser under a versioned key. The
 * stored value is outside input: anything that is not a map of ruleset ids to lists of lesson
 * ids is ignored, and a lesson id a ruleset no longer has (a ruleset changed in the editor) is
 * simply not counted.
 */

export const PROGRESS_KEY = 'tafl.lessons.v1';

export type Progress = Readonly<Record<string, readonly string[]>>;
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem'>;

function globalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function loadProgress(storage: Pick<Storage, 'getItem'> | undefined = globalStorage()): Progress {
  try {
    const raw = storage?.getItem(PROGRESS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: Record<string, string[]> = {};
    for (const [id, done] of Object.entries(parsed as Record<string, unknown>))
      if (Array.isArray(done)) out[id] = done.filter((l): l is string => typeof l === 'string');
    return out;
  } catch {
    return {};
  }
}

/** Marks a lesson done and returns the new progress (unchanged if it was done already). */
export function markDone(
  ruleset: string,
  lesson: string,
  storage: ProgressStorage | undefined = globalStorage(),
): Progress {
  const progress = loadProgress(storage);
  const done = progress[ruleset] ?? [];
  if (done.includes(lesson)) return progress;
  const next = { ...progress, [ruleset]: [...done, lesson] };
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(next));
  } catch {
    // storage full or forbidden: the progress lasts for this page
  }
  return next;
}

/** The lessons of `ids` done in a ruleset. */
export const doneOf = (progress: Progress, ruleset: string, ids: readonly string[]): string[] =>
  ids.filter((id) => (progress[ruleset] ?? []).includes(id));
