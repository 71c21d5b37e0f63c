/**
 * Hash routes, so the app works from any static host and a link opens a screen:
 * `#/` home, `#/game/ID` a game, `#/archive`, `#/rules` and `#/rules/ID`, `#/editor` and
 * `#/editor/ID`, `#/open?...` for links that open a position or a game (game/links.ts), and
 * online play: `#/online/ID` a game (the link a player sends), `#/lobby` the games to join,
 * watch or replay; `#/analysis/...` the analysis board (`AnalysisSource`), `#/rulesets` every
 * ruleset to choose from, `#/learn`, `#/learn/RULESET` and `#/learn/RULESET/LESSON` the lessons.
 * Players (accounts, ratings, tournaments): `#/signin`, `#/signup`, `#/account`, `#/games` (my games), `#/player/NAME`,
 * `#/leaderboard` and `#/leaderboard/FAMILY`, `#/tournaments`, `#/tournaments/new` and
 * `#/tournament/ID`. The balance lab: `#/balance`, which rules are fair; the proved puzzles: `#/puzzles` and
 * `#/puzzles/ID` one puzzle.
 */

import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { readonly screen: 'home' }
  | { readonly screen: 'game'; readonly id: string }
  | { readonly screen: 'archive' }
  | { readonly screen: 'rules'; readonly id?: string }
  | { readonly screen: 'editor'; readonly id?: string }
  | { readonly screen: 'open'; readonly query: URLSearchParams }
  /** `join`: the lobby's Join (`#/online/ID?join`): the free seat is taken without asking. */
  | { readonly screen: 'online'; readonly id: string; readonly join?: true }
  | { readonly screen: 'lobby' }
  | { readonly screen: 'analysis'; readonly source: AnalysisSource }
  | { readonly screen: 'rulesets' }
  | { readonly screen: 'learn'; readonly ruleset?: string; readonly lesson?: string }
  | { readonly screen: 'signin' }
  | { readonly screen: 'signup' }
  | { readonly screen: 'account' }
  | { readonly screen: 'games' }
  | { readonly screen: 'player'; readonly name: string }
  | { readonly screen: 'leaderboard'; readonly family?: string }
  | { readonly screen: 'tournaments' }
  | { readonly screen: 'tournament-new' }
  | { readonly screen: 'tournament'; readonly id: string }
  | { readonly screen: 'balance' }
  | { readonly screen: 'puzzles'; readonly id?: string }
  /** The links of mails: `#/mail/confirm?token=…` and `#/mail/unsubscribe?token=…`. */
  | { readonly screen: 'mail'; readonly action: 'confirm' | 'unsubscribe'; readonly token: string };

/**
 * What an analysis board opens: a game kept in this browser (`#/analysis/ID`), a finished online
 * game (`#/analysis/online/ID`), or a position or game described by a link's parameters
 * (`#/analysis?rules=...&position=...&moves=...`, the parameters of game/links.ts).
 */
export type AnalysisSource =
  | { readonly kind: 'local'; readonly id: string }
  | { readonly kind: 'online'; readonly id: string }
  | { readonly kind: 'link'; readonly query: URLSearchParams };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#\/?/, '');
  const [head = '', query = ''] = path.split('?');
  const [screen, id, sub] = head.split('/').map(decodeURIComponent);
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
      if (!id) return { screen: 'lobby' };
      return new URLSearchParams(query).has('join')
        ? { screen: 'online', id, join: true }
        : { screen: 'online', id };
    case 'lobby':
      return { screen: 'lobby' };
    case 'analysis':
      if (id === 'online' && sub) return { screen: 'analysis', source: { kind: 'online', id: sub } };
      return id
        ? { screen: 'analysis', source: { kind: 'local', id } }
        : { screen: 'analysis', source: { kind: 'link', query: new URLSearchParams(query) } };
    case 'rulesets':
      return { screen: 'rulesets' };
    case 'balance':
      return { screen: 'balance' };
    case 'puzzles':
      return id ? { screen: 'puzzles', id } : { screen: 'puzzles' };
    case 'mail':
      return id === 'confirm' || id === 'unsubscribe'
        ? { screen: 'mail', action: id, token: new URLSearchParams(query).get('token') ?? '' }
        : { screen: 'account' };
    case 'signin':
    case 'signup':
    case 'account':
    case 'games':
    case 'tournaments':
      return screen === 'tournaments' && id === 'new' ? { screen: 'tournament-new' } : { screen };
    case 'player':
      return id ? { screen: 'player', name: id } : { screen: 'leaderboard' };
    case 'leaderboard':
      return id ? { screen: 'leaderboard', family: id } : { screen: 'leaderboard' };
    case 'tournament':
      return id ? { screen: 'tournament', id } : { screen: 'tournaments' };
    case 'learn':
      return {
        screen: 'learn',
        ...(id ? { ruleset: id } : {}),
        ...(id && sub ? { lesson: sub } : {}),
      };
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
      return `#/online/${encodeURIComponent(route.id)}${route.join ? '?join' : ''}`;
    case 'lobby':
      return '#/lobby';
    case 'analysis':
      return analysisHash(route.source);
    case 'rulesets':
      return '#/rulesets';
    case 'balance':
      return '#/balance';
    case 'puzzles':
      return route.id ? `#/puzzles/${encodeURIComponent(route.id)}` : '#/puzzles';
    case 'mail':
      return `#/mail/${route.action}${route.token ? `?token=${encodeURIComponent(route.token)}` : ''}`;
    case 'signin':
    case 'signup':
    case 'account':
    case 'games':
    case 'tournaments':
      return `#/${route.screen}`;
    case 'tournament-new':
      return '#/tournaments/new';
    case 'player':
      return `#/player/${encodeURIComponent(route.name)}`;
    case 'leaderboard':
      return route.family ? `#/leaderboard/${encodeURIComponent(route.family)}` : '#/leaderboard';
    case 'tournament':
      return `#/tournament/${encodeURIComponent(route.id)}`;
    case 'learn':
      return `#/learn${route.ruleset ? `/${encodeURIComponent(route.ruleset)}` : ''}${
        route.ruleset && route.lesson ? `/${encodeURIComponent(route.lesson)}` : ''
      }`;
  }
}

function analysisHash(source: AnalysisSource): string {
  switch (source.kind) {
    case 'local':
      return `#/analysis/${encodeURIComponent(source.id)}`;
    case 'online':
      return `#/analysis/online/${encodeURIComponent(source.id)}`;
    case 'link':
      return `#/analysis?${source.query.toString()}`;
  }
}

export type Navigate = (route: Route) => void;

export const navigate: Navigate = (route) => {
  location.hash = routeHash(route);
};

/** The current route, following the address bar. */
export function useRoute(): Route {
  const [first] = useState(() => location.hash);
  const [route, setRoute] = useState(() => parseRoute(first));
  useEffect(() => {
    const onChange = (): void => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    // A change between the first render and now (a link followed as the page loads) is not missed.
    if (location.hash !== first) onChange();
    return () => removeEventListener('hashchange', onChange);
  }, [first]);
  return route;
}
