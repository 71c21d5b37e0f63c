/**
 * Every ruleset to choose from (`#/rulesets`): the leaflets' first, then the reference rulesets,
 * then the player's own from the rules editor. Each card says in one plain sentence what sets the
 * ruleset apart (app/text.ts; a ruleset of the player's gets its line made from its parameters),
 * links to its rules page, and either makes it the start page's choice ("Choose", back to the
 * start page's one-click buttons) or starts a game with it at once: against the computer, with
 * someone on this device or online, with the options the start page remembers.
 */

import { PRESETS, type Ruleset } from '@tafl/core';
import { useMemo, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { FRONT_TEXT, presetSummary, type FrontText } from '../app/text.js';
import { useTitle } from '../app/title.js';
import { chosenRuleset, onlineName, startGame, type PlayWay } from '../game/HomeScreen.js';
import { RECOMMENDED_RULES, readPrefs, writePrefs } from '../game/prefs.js';
import type { Lang, Messages } from '../i18n/index.js';
import type { ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { readOnlinePrefs } from '../online/prefs.js';
import { pageSeats } from '../online/tokens.js';
import { loadCustomRulesets } from './catalog.js';
import { describeRuleset, rulesetSource } from './describe.js';
import { oneSided } from '../balance/one-sided.js';
import '../app/home.css';
import '../game/game.css';

/** presets.ts lists the six rulesets of the leaflets first, then the reference rulesets. */
const LEAFLETS = 6;

export function RulesetsScreen({ lang, t, navigate }: ScreenProps) {
  const f = FRONT_TEXT[lang];
  useTitle(t.appName, f.rulesetsTitle);
  const own = useMemo(() => loadCustomRulesets(), []);
  const [prefs, setPrefs] = useState(readPrefs);
  const chosen = chosenRuleset(prefs, own);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ApiRefusal | undefined>();

  const choose = (rules: Ruleset): void => {
    const next = { ...prefs, rules: rules.id };
    setPrefs(next);
    writePrefs(next);
  };
  const play = (rules: Ruleset, way: PlayWay): void => {
    if (busy) return;
    choose(rules);
    setBusy(true);
    setRefused(undefined);
    const name = onlineName(pageSeats().name() ?? '', f);
    void startGame(way, rules, { ...prefs, rules: rules.id }, readOnlinePrefs(), name, navigate).then(
      (refusal) => {
        setBusy(false);
        setRefused(refusal);
      },
    );
  };

  const group = (key: string, title: string, list: readonly Ruleset[]) => (
    <section class="rulesets-group" aria-labelledby={`rulesets-${key}`}>
      <h2 id={`rulesets-${key}`}>{title}</h2>
      <ul class="rulesets-cards">
        {list.map((rules) => (
          <RulesetCard
            key={rules.id}
            t={t}
            f={f}
            lang={lang}
            rules={rules}
            chosen={rules.id === chosen.id}
            busy={busy}
            onChoose={() => {
              choose(rules);
              navigate({ screen: 'home' });
            }}
            onPlay={(way) => play(rules, way)}
          />
        ))}
      </ul>
    </section>
  );

  return (
    <div class="rulesets">
      <p class="rulesets-back">
        <a href="#/">← {f.backHome}</a>
      </p>
      <h1>{f.rulesetsTitle}</h1>
      <p class="rulesets-intro">{f.rulesetsIntro}</p>
      {refused && (
        <div class="banner banner-error" role="alert">
          <span class="banner-text">{refusalText(t, refused.code, refused.message)}</span>
        </div>
      )}
      {busy && (
        <p class="play-busy" role="status">
          {t.creating}
        </p>
      )}
      {group('leaflets', t.rulesetsLeaflets, PRESETS.slice(0, LEAFLETS))}
      {group('reference', t.rulesetsReference, PRESETS.slice(LEAFLETS))}
      {own.length > 0 && group('own', t.rulesetsOwn, own)}
      <p class="rulesets-editor">
        <a href="#/editor">{t.makeOwnRules}</a>
      </p>
    </div>
  );
}

function RulesetCard(props: {
  readonly t: Messages;
  readonly f: FrontText;
  readonly lang: Lang;
  readonly rules: Ruleset;
  readonly chosen: boolean;
  readonly busy: boolean;
  readonly onChoose: () => void;
  readonly onPlay: (way: PlayWay) => void;
}) {
  const { t, f, lang, rules, chosen, busy, onChoose, onPlay } = props;
  const d = describeRuleset(rules, lang);
  const summary = presetSummary(rules.id, lang) ?? d.oneLine;
  const lopsided = oneSided(rules.id);
  const nameId = `ruleset-name-${rules.id}`;
  const playButton = (way: PlayWay, short: string, full: string) => (
    <button
      type="button"
      class="action small"
      data-way={way}
      aria-label={f.playNamed(full, d.name)}
      disabled={busy}
      onClick={() => onPlay(way)}
    >
      {short}
    </button>
  );
  return (
    <li class={`rulesets-card game-${rules.game}${chosen ? ' is-chosen' : ''}`} data-rules={rules.id}>
      <div class="rulesets-card-head">
        <h3 id={nameId} class="rulesets-card-name">
          {d.name}
        </h3>
        <span class="ruleset-game">{rules.game === 'ard-ri' ? t.gameArdRi : t.gameBrandubh}</span>
        {rules.id === RECOMMENDED_RULES && <span class="badge">{f.recommended}</span>}
        {chosen && <span class="badge badge-chosen">{f.chosenNow}</span>}
        {lopsided && <span class="badge badge-one-sided">{f.oneSided}</span>}
      </div>
      <p class="rulesets-summary">{summary}</p>
      {lopsided && (
        <p class="one-sided-note" data-testid="one-sided-note">
          {f.oneSidedNote(lopsided.side, lopsided.won, lopsided.games)}{' '}
          <a href="#/balance">{f.oneSidedLink}</a>
        </p>
      )}
      <p class="rulesets-source">{rulesetSource(rules, lang)}</p>
      <p class="rulesets-links">
        <a class="rulesets-rules-link" href={`#/rules/${encodeURIComponent(rules.id)}`}>
          {t.readRules}
        </a>
      </p>
      <div class="rulesets-actions">
        <button
          type="button"
          class="action primary small"
          aria-label={f.chooseThisNamed(d.name)}
          onClick={onChoose}
        >
          {f.chooseThis}
        </button>
        <span class="rulesets-play-label">{f.playNow}</span>
        {playButton('computer', f.playComputerShort, f.playComputer)}
        {playButton('local', f.playLocalShort, f.playLocal)}
        {playButton('online', f.playOnlineShort, f.playOnline)}
      </div>
    </li>
  );
}
