/**
 * Hash routes, so the app works from any static host and a link opens a screen:
 * `#/` home, `#/game/ID` a game, `#/archive`, `#/rules` and `#/rules/ID`, `#/editor` and
 * `#/editor/ID`, `#/open?...` for links that open a position or a game (game/links.ts), and
 * online play: `#/online/ID` a game (the link a player sends), `#/lobby` the games to join,
 * watch or replay.
 */

import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { readonly screen: 'home' }
  | { readonly screen: 'game'; readonly id: string }
  | { readonly screen: 'archive' }
  | { readonly screen: 'rules'; readonly id?: string }
  | { readonly screen: 'editor'; readonly id?: string }
  | { readonly screen: 'open'; readonly query: URLSearchParams }
  | { readonly screen: 'online'; readonly id: string }
  | { readonly screen: 'lobby' };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head = '', query = ''] = path.split('?');
  const [screen, id] = head.split('/').map(decodeURIComponent);
  switch (screen) {
    case 'game':
      return id ? { screen: 'game', id } : { screen: 'home' };
    case 'archive':
      return { screen: 'archive' };
    case 'rules':
      return id ? { screen: 'rules', id } : { screen: 'rules' };
    case 'editor':
      return id ? { screen: 'editor', id } : { screen: 'editor' };
    case 'open':
      return { screen: 'open', query: new URLSearchParams(query) };
    case 'online':
      return id ? { screen: 'online', id } : { screen: 'lobby' };
    case 'lobby':
      return { screen: 'lobby' };
    default:
      return { screen: 'home' };
  }
}

export function routeHash(route: Route): string {
  switch (route.screen) {
    case 'home':
      return '#/';
    case 'game':
      return `#/game/${encodeURIComponent(route.id)}`;
    case 'archive':
      return '#/archive';
    case 'rules':
    case 'editor':
      return route.id ? `#/${route.screen}/${encodeURIComponent(route.id)}` : `#/${route.screen}`;
    case 'open':
      return `#/open?${route.query.toString()}`;
    case 'online':
      return `#/online/${encodeURIComponent(route.id)}`;
    case 'lobby':
      return '#/lobby';
  }
}

export type Navigate = (route: Route) => void;

export const navigate: Navigate = (route) => {
  location.hash = routeHash(route);
};

/** The current route, following the address bar. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
