/**
 * The analysis board's choices that outlast the page: the point of view, the engine on or off, one
 * line or three. Kept in localStorage; where it is unavailable (private windows, blocked storage)
 * a choice lasts for the page and nothing fails.
 */

export const POV_KEY = 'tafl.analysis.pov';
export const ENGINE_KEY = 'tafl.analysis.engine';
export const LINES_KEY = 'tafl.analysis.lines';

/** The stored value of `key`, or `fallback` when there is none or storage cannot be read. */
export const remembered = (key: string, fallback: string): string => {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
};

/** Stores `value` under `key`, if storage can be written. */
export const remember = (key: string, value: string): void => {
  try {
    localStorage.setItem(key, value);
  } catch {
    // the choice lasts for this page
  }
};
