/**
 * The app shell: the language, the skip link to the board, the header (Header.tsx), the notices
 * under it (a new version; a tournament game ready, on any screen) and the screen of the current
 * route, which takes the focus when it changes (focus.ts).
 */

import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { applyAppearance, readAppearance } from '../board/appearance.js';
import { CATALOGUES, detectLanguage, rememberLanguage, type Lang } from '../i18n/index.js';
import { HomeScreen } from '../game/HomeScreen.js';
import { GameReadyNotice } from '../online/GameReadyNotice.js';
import { focusScreen, screenHasBoard, useScreenFocus } from './focus.js';
import { Header } from './Header.js';
import { UpdateNotice } from './UpdateNotice.js';
import { lazyScreen } from './lazy.js';
import { navigate, routeHash, useRoute } from './router.js';
import type { ScreenProps } from './screen.js';
import { FRONT_TEXT } from './text.js';

// Every screen but the start page comes in a chunk of its own (lazy.tsx).
const GameScreen = lazyScreen(() => import('../game/GameScreen.js').then((m) => m.GameScreen));
const ArchiveScreen = lazyScreen(() => import('../game/ArchiveScreen.js').then((m) => m.ArchiveScreen));
const OpenLink = lazyScreen(() => import('../game/OpenLink.js').then((m) => m.OpenLink));
const OnlineScreen = lazyScreen(() => import('../online/OnlineScreen.js').then((m) => m.OnlineScreen));
const LobbyScreen = lazyScreen(() => import('../online/LobbyScreen.js').then((m) => m.LobbyScreen));
const RulesetsScreen = lazyScreen(() => import('../rules/RulesetsScreen.js').then((m) => m.RulesetsScreen));
const AnalysisScreen = lazyScreen(() =>
  import('../analysis/AnalysisScreen.js').then((m) => m.AnalysisScreen),
);
const LearnScreen = lazyScreen(() => import('../lessons/LearnScreen.js').then((m) => m.LearnScreen));
const RulesScreen = lazyScreen(() => import('../rules/RulesScreen.js').then((m) => m.RulesScreen));
const EditorScreen = lazyScreen(() => import('../rules/EditorScreen.js').then((m) => m.EditorScreen));
const SignInScreen = lazyScreen(() => import('../account/SignInScreen.js').then((m) => m.SignInScreen));
const AccountScreen = lazyScreen(() => import('../account/AccountScreen.js').then((m) => m.AccountScreen));
const MailScreen = lazyScreen(() => import('../account/MailScreen.js').then((m) => m.MailScreen));
const MyGamesScreen = lazyScreen(() => import('../account/MyGamesScreen.js').then((m) => m.MyGamesScreen));
const PlayerScreen = lazyScreen(() => import('../players/PlayerScreen.js').then((m) => m.PlayerScreen));
const LeaderboardScreen = lazyScreen(() =>
  import('../players/LeaderboardScreen.js').then((m) => m.LeaderboardScreen),
);
const TournamentsScreen = lazyScreen(() =>
  import('../tournaments/TournamentsScreen.js').then((m) => m.TournamentsScreen),
);
const TournamentScreen = lazyScreen(() =>
  import('../tournaments/TournamentScreen.js').then((m) => m.TournamentScreen),
);
const BalanceScreen = lazyScreen(() => import('../balance/BalanceScreen.js').then((m) => m.BalanceScreen));
const PuzzleScreen = lazyScreen(() => import('../puzzles/PuzzleScreen.js').then((m) => m.PuzzleScreen));
const NewTournamentScreen = lazyScreen(() =>
  import('../tournaments/NewTournamentScreen.js').then((m) => m.NewTournamentScreen),
);

export function App() {
  const [lang, setLang] = useState<Lang>(detectLanguage());
  const route = useRoute();
  const t = CATALOGUES[lang];
  const props: ScreenProps = { lang, t, navigate };
  const place =
    route.screen === 'game' ||
    route.screen === 'rules' ||
    route.screen === 'editor' ||
    route.screen === 'online' ||
    route.screen === 'tournament'
      ? route.id
      : route.screen === 'player'
        ? route.name
        : route.screen === 'leaderboard'
          ? (route.family ?? '')
          : route.screen === 'analysis'
            ? routeHash(route)
            : route.screen === 'learn'
              ? `${route.ruleset ?? ''}/${route.lesson ?? ''}`
              : '';
  // A new screen starts at its top, not where the last one was scrolled to, and takes the focus.
  useEffect(() => scrollTo(0, 0), [route.screen, place]);
  useScreenFocus(routeHash(route));
  const [skipToBoard, setSkipToBoard] = useState(false);
  // The document's language is the page's (screen readers, hyphenation, a printed sheet's PDF), set in the same task
  // as the words it describes: an effect runs after the paint, so for a moment the new words stood under the old lang.
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // How the boards look, as the player chose (board/appearance.ts), before the first paint.
  useLayoutEffect(() => applyAppearance(document.documentElement, readAppearance()), []);
  return (
    <div class="app" lang={lang}>
      {/* The first Tab of every page: to the board (its words said when it has the focus). */}
      <a
        class="skip-link"
        href={routeHash(route)}
        onFocus={() => setSkipToBoard(screenHasBoard())}
        onClick={(e) => {
          e.preventDefault();
          focusScreen();
        }}
      >
        {skipToBoard ? FRONT_TEXT[lang].skipToBoard : FRONT_TEXT[lang].skipToContent}
      </a>
      <Header
        lang={lang}
        t={t}
        route={route}
        onLang={(next) => {
          rememberLanguage(next);
          setLang(next);
        }}
      />
      <UpdateNotice t={t} />
      <GameReadyNotice t={t} route={route} />
      <main>
        {route.screen === 'home' && <HomeScreen {...props} />}
        {route.screen === 'game' && <GameScreen {...props} id={route.id} />}
        {route.screen === 'archive' && <ArchiveScreen {...props} />}
        {route.screen === 'rules' && <RulesScreen {...props} {...(route.id ? { id: route.id } : {})} />}
        {route.screen === 'editor' && <EditorScreen {...props} {...(route.id ? { id: route.id } : {})} />}
        {route.screen === 'open' && <OpenLink {...props} query={route.query} />}
        {route.screen === 'online' && (
          <OnlineScreen {...props} id={route.id} {...(route.join ? { join: true } : {})} />
        )}
        {route.screen === 'lobby' && <LobbyScreen {...props} />}
        {route.screen === 'analysis' && <AnalysisScreen {...props} source={route.source} />}
        {route.screen === 'rulesets' && <RulesetsScreen {...props} />}
        {route.screen === 'signin' && <SignInScreen {...props} mode="signin" />}
        {route.screen === 'signup' && <SignInScreen {...props} mode="signup" />}
        {route.screen === 'account' && <AccountScreen {...props} />}
        {route.screen === 'mail' && (
          <MailScreen
            {...props}
            key={`${route.action}?${route.token}`}
            action={route.action}
            token={route.token}
          />
        )}
        {route.screen === 'games' && <MyGamesScreen {...props} />}
        {route.screen === 'player' && <PlayerScreen {...props} name={route.name} />}
        {route.screen === 'leaderboard' && (
          <LeaderboardScreen {...props} {...(route.family ? { family: route.family } : {})} />
        )}
        {route.screen === 'tournaments' && <TournamentsScreen {...props} />}
        {route.screen === 'tournament-new' && <NewTournamentScreen {...props} />}
        {route.screen === 'tournament' && <TournamentScreen {...props} id={route.id} />}
        {route.screen === 'balance' && <BalanceScreen {...props} />}
        {route.screen === 'puzzles' && <PuzzleScreen {...props} id={route.id} />}
        {route.screen === 'learn' && (
          <LearnScreen
            {...props}
            {...(route.ruleset ? { ruleset: route.ruleset } : {})}
            {...(route.lesson ? { lesson: route.lesson } : {})}
          />
        )}
      </main>
    </div>
  );
}
