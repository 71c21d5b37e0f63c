/**
 * The analysis board: any position or game (one kept in this browser, a finished online game, a
 * link's position), the engine's evaluation from a fixed side with its best line (three on
 * request) and an arrow for the best move, a tree of variations the player tries on the board,
 * and the whole game analysed in a worker: a graph and the judged moves.
 *
 * This module loads what the route names (`AnalysisSource`) into a `Loaded` game and says where
 * its analysis is kept; AnalysisBoard.tsx is the board itself.
 */

import { useEffect, useState } from 'preact/hooks';
import type { AnalysisSource } from '../app/router.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { EndResult } from '../game/announce.js';
import { parseLink } from '../game/links.js';
import { createGame, newGameId, rulesOf, setAnalysis, type Game } from '../game/model.js';
import { pageStore } from '../game/storage.js';
import { fetchAnalysis, pageApi, saveAnalysis } from '../online/api.js';
import { rulesOfHeader } from '../online/view.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { describeRuleset } from '../rules/describe.js';
import { AnalysisBoard } from './AnalysisBoard.js';
import type { Loaded } from './loaded.js';
import { ANALYSIS_TEXT, type AnalysisText } from './text.js';
import { Notice } from '../app/Notice.js';

type Loading =
  | { readonly state: 'loading' }
  | {
      readonly state: 'failed';
      readonly message: string;
      /** The game's own screen. */ readonly back?: string;
    }
  | Loaded;

export function AnalysisScreen(props: ScreenProps & { readonly source: AnalysisSource }) {
  const { t, lang, source } = props;
  const text = ANALYSIS_TEXT[lang];
  const [loaded, setLoaded] = useState<Loading>(() => loadNow(source, text));
  const key = JSON.stringify(source.kind === 'link' ? source.query.toString() : source);
  useEffect(() => {
    setLoaded(loadNow(source, text));
    if (source.kind !== 'online') return;
    let current = true;
    void loadOnline(source.id, text).then((l) => current && setLoaded(l));
    return () => {
      current = false;
    };
  }, [key]);
  const rules = 'game' in loaded ? rulesOf(loaded.game.rules) : undefined;
  useTitle(t.appName, text.title, rules?.ok ? describeRuleset(rules.value, lang).name : undefined);

  if (!('game' in loaded))
    return (
      <Notice
        t={t}
        title={loaded.state === 'loading' ? text.loading : text.title}
        detail={loaded.state === 'failed' ? loaded.message : undefined}
      >
        {loaded.state === 'failed' && loaded.back && (
          <a class="action primary" href={loaded.back}>
            {text.backToGame}
          </a>
        )}
      </Notice>
    );
  return (
    <AnalysisBoard
      key={key}
      {...props}
      text={text}
      loaded={loaded}
      onKeep={
        loaded.kind === 'link'
          ? (analysis) => {
              const now = Date.now();
              const game: Game = { ...loaded.game, id: newGameId(now), created: now, updated: now };
              pageStore().save(analysis ? setAnalysis(game, analysis) : game);
              props.navigate({ screen: 'analysis', source: { kind: 'local', id: game.id } });
            }
          : undefined
      }
    />
  );
}

/** A local game or a link at once; an online game starts loading. */
function loadNow(source: AnalysisSource, text: AnalysisText): Loading {
  if (source.kind === 'online') return { state: 'loading' };
  if (source.kind === 'local') {
    const game = pageStore().get(source.id);
    if (!game) return { state: 'failed', message: text.notFound };
    return {
      game,
      kind: 'local',
      ...(game.result && !isRulesEnd(game.result.reason) ? { ending: game.result } : {}),
      ...(game.analysis ? { analysis: game.analysis } : {}),
      back: `#/game/${encodeURIComponent(game.id)}`,
      save: (analysis) => {
        const now = pageStore().get(game.id) ?? game;
        return Promise.resolve(pageStore().save(setAnalysis(now, analysis)));
      },
    };
  }
  const link = parseLink(source.query, loadCustomRulesets());
  if (!link.ok) return { state: 'failed', message: `${text.linkFailed} (${link.message})` };
  const made = createGame(link.value.game, Date.now(), 'link');
  if (!made.ok) return { state: 'failed', message: `${text.linkFailed} (${made.message})` };
  return { game: made.value, kind: 'link' };
}

/** A finished online game from the server, with the analysis the server keeps for it. */
async function loadOnline(id: string, text: AnalysisText): Promise<Loading> {
  const view = await pageApi().game(id);
  if (!view.ok) return { state: 'failed', message: `${text.onlineFailed} (${view.message})` };
  const header = view.value;
  const back = `#/online/${encodeURIComponent(id)}`;
  if (header.status === 'aborted') return { state: 'failed', message: text.onlineAborted, back };
  if (header.status !== 'ended' || !header.result || header.result.winner === 'none')
    return { state: 'failed', message: text.onlineUnfinished, back };
  const rules = rulesOfHeader(header);
  if (!rules) return { state: 'failed', message: text.onlineFailed };
  const made = createGame({ rules: rules.id === header.rulesId ? rules.id : rules, moves: view.value.moves });
  if (!made.ok) return { state: 'failed', message: `${text.onlineFailed} (${made.message})` };
  const analysis = await fetchAnalysis(id).catch(() => undefined);
  const result = header.result;
  const winner = result.winner;
  const ending: EndResult | undefined = isRulesEnd(result.reason) ? undefined : result;
  // The game model knows resignations and agreed draws; a game lost on time is kept as a
  // resignation, and the screen says how it really ended from `ending`.
  const game: Game = made.value.result
    ? made.value
    : {
        ...made.value,
        result:
          winner === 'draw' || winner === 'none'
            ? { winner: 'draw', reason: 'agreement' }
            : { winner, reason: 'resignation' },
      };
  return {
    game: { ...game, id: `online-${id}` },
    kind: 'online',
    ...(ending ? { ending } : {}),
    ...(analysis ? { analysis } : {}),
    back: `#/online/${encodeURIComponent(id)}`,
    save: (a) =>
      saveAnalysis(id, a).then(
        () => true,
        () => false,
      ),
  };
}

/** The ends of a game the rules decide (shown on the final position as its result). */
const isRulesEnd = (reason: string): boolean =>
  reason !== 'resignation' &&
  reason !== 'agreement' &&
  reason !== 'time' &&
  reason !== 'aborted' &&
  reason !== 'abandoned';
