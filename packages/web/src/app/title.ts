/**
 * The page's title follows the screen ("Brandubh vs computer (level 4) — your move"), so a tab,
 * the history and a screen reader say where the player is. Each screen calls `useTitle` with
 * what it shows; the app's name is added after it.
 */

import { useEffect } from 'preact/hooks';

export const titleOf = (parts: readonly (string | undefined)[], appName: string): string =>
  [...parts.filter((p): p is string => !!p), appName].join(' — ');

/** Sets the document's title while the screen is shown. */
export function useTitle(appName: string, ...parts: (string | undefined)[]): void {
  const title = titleOf(parts, appName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
