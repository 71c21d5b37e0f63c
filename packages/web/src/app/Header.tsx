/**
 * The app's header, one row at every width: the app's name (its mark alone on a phone), the main
 * links, and the language. Where the links fit they are in the row; where they do not, they are
 * behind a "Menu" button (a disclosure: aria-expanded, the list opens under it with the focus on
 * its first link, Escape closes it and gives the focus back to the button, as does leaving it with
 * Tab or a click outside; following a link closes it).
 *
 * Whether they fit is measured, not guessed from the window's width: the links' words differ by
 * language (French and Spanish ones are longer) and a player's name may have twenty letters, so a
 * breakpoint right for one is wrong for another, and the account's link once covered the language
 * menu. `headerFit` tries the roomiest row first, then tighter ones (HEADER_FITS), and takes the
 * first whose links do not overflow; it runs again when the header's width or its words change.
 *
 * The leaderboard has a link of its own, as lichess's header has (it was reachable from the
 * tournaments' page only).
 *
 * Accounts (docs/online.md): a guest sees "Sign in"; a signed-in player sees "My games" with the count of games
 * waiting for their move (read again every half minute, when the window gets the focus and on
 * each new screen) and their name, which opens the account page (where the row is short of room,
 * its mark alone, the name kept for screen readers and as the link's title).
 */

import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { pageAccount, useAccount } from '../account/session.js';
import { accountText } from '../account/text.js';
import { LANGUAGES, LANGUAGE_NAMES, type Lang, type Messages } from '../i18n/index.js';
import type { Route } from './router.js';
import { FRONT_TEXT } from './text.js';
import '../account/account.css';

interface HeaderProps {
  readonly lang: Lang;
  readonly t: Messages;
  readonly route: Route;
  readonly onLang: (lang: Lang) => void;
}

/** The link of the screen shown, for aria-current. */
function currentLink(route: Route): string {
  switch (route.screen) {
    case 'home':
    case 'game':
    case 'rulesets':
      return '#/';
    case 'learn':
      return '#/learn';
    case 'lobby':
    case 'online':
      return '#/lobby';
    case 'archive':
      return '#/archive';
    case 'rules':
    case 'editor':
      return '#/rules';
    case 'tournaments':
    case 'tournament':
    case 'tournament-new':
      return '#/tournaments';
    case 'leaderboard':
    case 'player':
      return '#/leaderboard';
    case 'games':
      return '#/games';
    case 'account':
      return '#/account';
    case 'signin':
    case 'signup':
      return '#/signin';
    case 'balance':
      return '#/balance';
    case 'puzzles':
      return '#/puzzles';
    default:
      return '';
  }
}

/**
 * How the links fit the header's row, the roomiest first: all of them with the account's name; closer
 * together with the account's mark alone; the same with the app's mark alone too; or none (they are
 * behind the menu button).
 */
export const HEADER_FITS = ['row', 'mark', 'brand', 'menu'] as const;
export type HeaderFit = (typeof HEADER_FITS)[number];

/**
 * The roomiest way the header's links fit its row, measured: each way is tried on the header (its
 * `data-fit`, which the styles follow) until the list of links no longer overflows its room; the
 * header is left as it was. The layout is read in the same task, so nothing is painted between.
 */
export function headerFit(header: HTMLElement): HeaderFit {
  const menu = header.querySelector<HTMLElement>('.main-nav .menu');
  if (!menu) return 'menu';
  const before = header.dataset['fit'];
  try {
    for (const fit of HEADER_FITS.slice(0, -1)) {
      header.dataset['fit'] = fit;
      if (menu.scrollWidth <= menu.clientWidth) return fit;
    }
    return 'menu';
  } finally {
    if (before === undefined) delete header.dataset['fit'];
    else header.dataset['fit'] = before;
  }
}

/** How often the header counts the games waiting for my move. */
const MY_TURN_POLL_MS = 30_000;

export function Header({ lang, t, route, onLang }: HeaderProps) {
  const f = FRONT_TEXT[lang];
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const links: readonly (readonly [string, string])[] = [
    ['#/', f.navPlay],
    ['#/learn', f.navLearn],
    ['#/lobby', f.navOnline],
    ['#/tournaments', f.navTournaments],
    ['#/leaderboard', f.leaderboardNav],
    ['#/archive', f.navArchive],
    ['#/rules', f.navRules],
    ['#/puzzles', f.navPuzzles],
    ['#/balance', f.navBalance],
  ];
  const here = currentLink(route);
  const a = accountText(t);
  const account = useAccount();
  const user = account.user;
  const count = account.myTurn ?? 0;
  // Nothing while it is not known who is signed in (still asking, or offline).
  const accountLinks: readonly (readonly [string, string, number?])[] =
    !account.loaded || account.unknown
      ? []
      : user
        ? [
            ['#/games', a.navMyGames, count],
            ['#/account', user.name],
          ]
        : [['#/signin', a.navSignIn]];

  // The count of games waiting for my move: every half minute, on focus, on a new screen.
  useEffect(() => {
    if (!user) return;
    const session = pageAccount();
    void session.refreshCount();
    const timer = setInterval(() => void session.refreshCount(), MY_TURN_POLL_MS);
    const onFocus = (): void => void session.refreshCount();
    addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      removeEventListener('focus', onFocus);
    };
  }, [user?.id]);
  useEffect(() => {
    if (user) void pageAccount().refreshCount();
  }, [route]);

  // A new screen closes the menu.
  useEffect(() => setOpen(false), [route]);

  // How the links fit: measured before the first paint, again when the header's width or words change.
  const top = useRef<HTMLElement>(null);
  const [fit, setFit] = useState<HeaderFit>('menu');
  const words = [lang, ...accountLinks.map(([href, label, badge]) => `${href} ${label} ${badge ?? ''}`)].join(
    '|',
  );
  useLayoutEffect(() => {
    const header = top.current;
    if (!header) return;
    const measure = (): void => setFit(headerFit(header));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, [words]);
  useEffect(() => {
    if (fit !== 'menu') setOpen(false);
  }, [fit]);

  // Open: the focus goes to the first link; a click outside closes.
  useEffect(() => {
    if (!open) return;
    nav.current?.querySelector<HTMLAnchorElement>('.menu a')?.focus();
    const onPointer = (e: PointerEvent): void => {
      if (nav.current && !nav.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return (
    <header class="top" ref={top} data-fit={fit}>
      <a class="brand" href="#/">
        <svg
          class="brand-mark"
          viewBox="0 0 64 64"
          width="30"
          height="30"
          aria-hidden="true"
          focusable="false"
        >
          <rect x="2" y="2" width="60" height="60" rx="10" fill="#6b4423" />
          <rect x="8" y="8" width="48" height="48" rx="4" fill="#d9a866" />
          <circle cx="32" cy="33" r="17" fill="#f6ecd6" stroke="#8a6a45" stroke-width="2.5" />
          <path
            d="M21 39 L19 25 L26.5 31 L32 21 L37.5 31 L45 25 L43 39 Z"
            fill="#d4a017"
            stroke="#7a5a10"
            stroke-width="2"
            stroke-linejoin="round"
          />
        </svg>
        <span class="brand-name">{t.appName}</span>
      </a>
      <nav
        ref={nav}
        class={`main-nav${open ? ' is-open' : ''}`}
        aria-label={f.mainNav}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            close(true);
          }
        }}
        onFocusOut={(e) => {
          const next = e.relatedTarget as Node | null;
          if (open && next && nav.current && !nav.current.contains(next)) setOpen(false);
        }}
      >
        <button
          ref={button}
          type="button"
          class="menu-button"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen(!open)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
              fill="none"
              stroke="currentColor"
              stroke-width="2.2"
              stroke-linecap="round"
            />
          </svg>
          <span>{f.menu}</span>
          {/* On a phone the count shows on the closed menu too. */}
          {user && count > 0 && (
            <span class="turn-count" aria-hidden="true">
              {count}
            </span>
          )}
        </button>
        <ul id="main-menu" class="menu">
          {links.map(([href, label]) => (
            <li key={href}>
              <a
                href={href}
                aria-current={href === here ? 'page' : undefined}
                onClick={() => open && close(false)}
              >
                {label}
              </a>
            </li>
          ))}
          {accountLinks.map(([href, label, badge]) => (
            <li key={href} class="account-link">
              <a
                href={
                  href === '#/signin' ? `#/signin?from=${encodeURIComponent(location.hash || '#/')}` : href
                }
                aria-current={href === here ? 'page' : undefined}
                onClick={() => open && close(false)}
                data-testid={
                  href === '#/games' ? 'nav-my-games' : href === '#/account' ? 'nav-account' : 'nav-sign-in'
                }
                {...(href === '#/account' ? { title: a.navAccount(label) } : {})}
              >
                {href === '#/account' ? (
                  <>
                    <svg
                      class="account-icon"
                      viewBox="0 0 24 24"
                      width="18"
                      height="18"
                      aria-hidden="true"
                      focusable="false"
                    >
                      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" stroke-width="2" />
                      <path
                        d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"
                        fill="none"
                        stroke="currentColor"
                        stroke-width="2"
                      />
                    </svg>
                    <span class="account-name">{label}</span>
                  </>
                ) : (
                  label
                )}
                {badge !== undefined && badge > 0 && (
                  <span class="turn-count" data-testid="my-turn-count">
                    <span aria-hidden="true">{badge}</span>
                    <span class="visually-hidden">{a.myTurnBadge(badge)}</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <label class="lang">
        <span class="visually-hidden">{t.language}</span>
        <select
          value={lang}
          aria-label={t.language}
          onChange={(e) => onLang((e.target as HTMLSelectElement).value as Lang)}
        >
          {LANGUAGES.map((l) => (
            <option value={l} key={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}
