/**
 * "Which rules are fair?" (`#/balance`): for every named ruleset, how often each side won and how
 * often the game was drawn when the engine played itself (balance-data.json, made by
 * `tafl balance`), each share a bar with its 95% interval, with the average length and how the
 * games ended; beside Brandubh's federation rules, what people's own 525 games show. First a
 * table of every ruleset, the fairest first; last, how the data was made and the command that
 * makes it again.
 *
 * The charts are tables: the row's words and figures are the text a screen reader reads, the bar
 * beside them is drawn for the eye alone (aria-hidden), and the three results differ by pattern
 * as well as by shade. On a phone a row's bar goes under its words.
 */

import { presetById } from '@tafl/core';
import type { ScreenProps } from '../app/screen.js';
import { presetSummary } from '../app/text.js';
import { useTitle } from '../app/title.js';
import type { Lang } from '../i18n/index.js';
import { rulesetName } from '../rules/describe.js';
import {
  BALANCE_DATA,
  WINNERS,
  attackersScore,
  averageMoves,
  byFairness,
  decimalText,
  movesOfPlies,
  percentText,
  shareOf,
  type BalanceData,
  type EndingCount,
  type RulesetData,
} from './data.js';
import { balanceText, type BalanceText } from './text.js';
import '../game/game.css';
import './balance.css';

interface Shares {
  readonly games: number;
  readonly attackers: RulesetData['attackers'];
  readonly defenders: RulesetData['defenders'];
  readonly draws: RulesetData['draws'];
}

const nameOf = (id: string, lang: Lang): string => {
  const rules = presetById(id);
  return rules ? rulesetName(rules, lang) : id;
};

export function BalanceScreen({
  lang,
  t,
  data = BALANCE_DATA,
}: ScreenProps & { readonly data?: BalanceData }) {
  const b = balanceText(t);
  useTitle(t.appName, b.title);
  const games = data.rulesets[0]?.games ?? 0;
  return (
    <div class="balance-page">
      <h1>{b.title}</h1>
      <p class="balance-lead">{b.intro(games)}</p>
      <p class="balance-lead">{b.howToRead}</p>
      <Overview data={data} lang={lang} b={b} />
      {data.rulesets.map((r) => (
        <RulesetPanel key={r.id} r={r} data={data} lang={lang} b={b} />
      ))}
      <Method data={data} b={b} />
    </div>
  );
}

function Overview({ data, lang, b }: { data: BalanceData; lang: Lang; b: BalanceText }) {
  const pct = (x: number): string => percentText(x, lang);
  return (
    <section class="panel" aria-labelledby="balance-overview">
      <h2 id="balance-overview">{b.overviewTitle}</h2>
      <p class="balance-note">{b.overviewNote}</p>
      <div class="balance-scroll">
        <table class="balance-overview" data-testid="balance-overview">
          <thead>
            <tr>
              <th scope="col">{b.colRuleset}</th>
              <th scope="col">{b.colScore}</th>
              {WINNERS.map((w) => (
                <th scope="col" key={w}>
                  {b.outcome[w]}
                </th>
              ))}
              <th scope="col">{b.colLength}</th>
            </tr>
          </thead>
          <tbody>
            {byFairness(data.rulesets).map((r) => (
              <tr key={r.id} data-ruleset={r.id}>
                <th scope="row">{nameOf(r.id, lang)}</th>
                <td>{pct(attackersScore(r))}</td>
                {WINNERS.map((w) => (
                  <td key={w}>{pct(shareOf(r, w).games / r.games)}</td>
                ))}
                <td>{b.moves(decimalText(averageMoves(r.averagePlies), lang))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function RulesetPanel({
  r,
  data,
  lang,
  b,
}: {
  r: RulesetData;
  data: BalanceData;
  lang: Lang;
  b: BalanceText;
}) {
  const name = nameOf(r.id, lang);
  const human = data.human?.rulesId === r.id ? data.human : undefined;
  const summary = presetSummary(r.id, lang);
  return (
    <section class="panel balance-ruleset" aria-labelledby={`balance-${r.id}`} data-ruleset={r.id}>
      <h2 id={`balance-${r.id}`}>{name}</h2>
      {summary && <p class="balance-note">{summary}</p>}
      <ShareChart shares={r} caption={b.engineCaption(name, r.games)} lang={lang} b={b} kind="engine" />
      <p class="balance-fact">
        {b.length(
          decimalText(averageMoves(r.averagePlies), lang),
          movesOfPlies(r.shortest),
          movesOfPlies(r.longest),
        )}{' '}
        {b.openings(r.distinctOpenings)}
      </p>
      <Endings endings={r.endings} b={b} />
      {human && (
        <div class="balance-human" data-testid="balance-human">
          <h3>{b.humanTitle}</h3>
          <ShareChart shares={human} caption={b.humanCaption(human.games)} lang={lang} b={b} kind="human" />
          <p class="balance-note">{b.humanNote(human.records, human.games, human.unfinished)}</p>
          <p class="balance-fact">{b.humanLength(decimalText(averageMoves(human.averagePlies), lang))}</p>
          <Endings endings={human.endings} b={b} />
        </div>
      )}
    </section>
  );
}

/** The three results of a set of games as a table whose rows carry a bar and its interval. */
function ShareChart(props: {
  shares: Shares;
  caption: string;
  lang: Lang;
  b: BalanceText;
  kind: 'engine' | 'human';
}) {
  const { shares, caption, lang, b, kind } = props;
  const pct = (x: number): string => percentText(x, lang);
  return (
    <table class={`balance-chart balance-${kind}-chart`} data-testid={`balance-chart-${kind}`}>
      <caption>{caption}</caption>
      <thead class="visually-hidden">
        <tr>
          <th scope="col">{b.colOutcome}</th>
          <th scope="col">{b.colChart}</th>
          <th scope="col">{b.colShare}</th>
          <th scope="col">{b.colInterval}</th>
          <th scope="col">{b.colGames}</th>
        </tr>
      </thead>
      <tbody>
        {WINNERS.map((w) => {
          const s = shareOf(shares, w);
          const share = shares.games === 0 ? 0 : s.games / shares.games;
          return (
            <tr key={w} data-winner={w}>
              <th scope="row">
                <span class={`balance-swatch balance-${w}`} aria-hidden="true" />
                {b.outcome[w]}
              </th>
              <td class="balance-bar-cell" aria-hidden="true">
                <span class="balance-track">
                  <span class={`balance-bar balance-${w}`} style={{ width: `${share * 100}%` }} />
                  <span
                    class="balance-interval"
                    style={{ left: `${s.low * 100}%`, width: `${(s.high - s.low) * 100}%` }}
                  />
                </span>
              </td>
              <td class="balance-share">{pct(share)}</td>
              <td class="balance-ci">{b.interval(pct(s.low), pct(s.high))}</td>
              <td class="balance-games">{b.gamesOf(s.games, shares.games)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Endings({ endings, b }: { endings: readonly EndingCount[]; b: BalanceText }) {
  return (
    <>
      <h3 class="balance-endings-title">{b.endingsTitle}</h3>
      <ul class="balance-endings">
        {endings.map((e) => (
          <li key={`${e.ending}/${e.winner}`} data-ending={e.ending} data-winner={e.winner}>
            <span class={`balance-swatch balance-${e.winner}`} aria-hidden="true" />
            {b.endingCount(b.ending[e.ending], b.endingWinner[e.winner])}
            <strong>{e.games}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}

function Method({ data, b }: { data: BalanceData; b: BalanceText }) {
  const { engine } = data;
  // Folded: what a player reads is the figures; how they were made, the command line with it, on asking.
  return (
    <details class="panel how-made" data-testid="balance-how-made">
      <summary id="balance-method">{b.methodTitle}</summary>
      <p>{b.methodEngine(engine.nodes)}</p>
      <p>
        {engine.openings === 'book'
          ? b.methodBook(engine.seed)
          : b.methodRandom(engine.openings, engine.seed)}
      </p>
      <p>
        {b.methodCap(movesOfPlies(engine.maxPlies))} {b.methodMoves}
      </p>
      <p>{b.methodInterval}</p>
      <p>{b.methodMade(data.date, data.commit)}</p>
      <p>{b.methodCommand}</p>
      <pre class="balance-command">
        <code data-testid="balance-command">{data.command}</code>
      </pre>
    </details>
  );
}
