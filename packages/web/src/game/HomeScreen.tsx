/**
 * The start page: the games in progress, and a new game in two choices. The ruleset: the six of
 * the leaflets first, each with its one-line description in the player's language and a link to
 * its rules page, then the reference rulesets and the player's own. The opponent: someone on this
 * device, the computer at a level from 1 to 6, playing the side the player does not take, or
 * someone online, to whom the player sends a link (the game is created on the server, with a
 * side, a clock and the player's name). The last choices are remembered.
 */

import { PRESETS, SIDES, makeRules, type Ruleset } from '@tafl/core';
import { checkName } from '@tafl/server/protocol';
import { useMemo, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import type { Lang, Messages } from '../i18n/index.js';
import { pageApi, type ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { OnlineOptions } from '../online/OnlineOptions.js';
import { readOnlinePrefs, writeOnlinePrefs, type OnlinePrefs } from '../online/prefs.js';
import { timeControlOf } from '../online/time.js';
import { pageSeats } from '../online/tokens.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { describeRuleset } from '../rules/describe.js';
import { GameSummary } from './GameSummary.js';
import { LEVELS, createGame, rulesRef } from './model.js';
import { readPrefs, writePrefs, type NewGamePrefs } from './prefs.js';
import { pageStore } from './storage.js';
import './game.css';

/** The presets of the leaflets: presets.ts lists them first, then the reference rulesets. */
const LEAFLETS = 6;

export function HomeScreen({ lang, t, navigate }: ScreenProps) {
  const store = pageStore();
  const own = useMemo(() => loadCustomRulesets(), []);
  const [prefs, setPrefs] = useState(readPrefs);
  const [current, setCurrent] = useState(() => store.current());
  const all = [...PRESETS, ...own];
  const chosen = all.find((r) => r.id === prefs.rules) ?? PRESETS[0]!;
  const change = (changes: Partial<NewGamePrefs>): void => {
    const next = { ...prefs, ...changes };
    setPrefs(next);
    writePrefs(next);
  };
  const [online, setOnline] = useState(readOnlinePrefs);
  const [name, setName] = useState(() => pageSeats().name() ?? '');
  const [creating, setCreating] = useState(false);
  const [refused, setRefused] = useState<ApiRefusal | undefined>();
  const changeOnline = (changes: Partial<OnlinePrefs>): void => {
    const next = { ...online, ...changes };
    setOnline(next);
    writeOnlinePrefs(next);
  };

  /** An online game: created on the server, this browser keeps the seat's token, then to it. */
  const startOnline = (): void => {
    const checked = checkName(name);
    if (!checked.ok) {
      setRefused({ ok: false, code: checked.code, message: checked.message });
      return;
    }
    const seats = pageSeats();
    seats.rememberName(checked.value);
    setRefused(undefined);
    setCreating(true);
    void pageApi()
      .create({
        rules: PRESETS.includes(chosen) ? chosen.id : makeRules(chosen),
        side: online.side,
        time: timeControlOf(online.time) ?? { kind: 'none' },
        name: checked.value,
      })
      .then((created) => {
        setCreating(false);
        if (!created.ok) return setRefused(created);
        const { token, side, game } = created.value;
        seats.save({ id: game.id, token, side, at: Date.now() });
        navigate({ screen: 'online', id: game.id });
      });
  };

  const start = (e: Event): void => {
    e.preventDefault();
    if (prefs.opponent === 'online') return startOnline();
    const created = createGame({
      rules: PRESETS.includes(chosen) ? rulesRef(chosen) : chosen,
      opponent:
        prefs.opponent === 'local'
          ? { kind: 'local' }
          : { kind: 'computer', level: prefs.level, human: prefs.side },
    });
    if (!created.ok) return;
    store.save(created.value);
    navigate({ screen: 'game', id: created.value.id });
  };

  return (
    <div class="home">
      <section class="hero">
        <h1>{t.appName}</h1>
        <p>{t.tagline}</p>
      </section>

      {current.length > 0 && (
        <section class="panel in-progress" aria-labelledby="in-progress">
          <h2 id="in-progress">{t.gamesInProgress}</h2>
          <ul class="game-list">
            {current.map((g) => (
              <GameSummary
                key={g.id}
                t={t}
                lang={lang}
                game={g}
                action={t.continueGame}
                onDelete={() => {
                  store.remove(g.id);
                  setCurrent(store.current());
                }}
              />
            ))}
          </ul>
        </section>
      )}

      <form class="panel new-game" onSubmit={start} aria-labelledby="new-game">
        <h2 id="new-game">{t.newGame}</h2>

        <fieldset class="rulesets">
          <legend>{t.chooseRuleset}</legend>
          <RulesetGroup
            t={t}
            lang={lang}
            title={t.rulesetsLeaflets}
            list={PRESETS.slice(0, LEAFLETS)}
            chosen={chosen}
            onChoose={(id) => change({ rules: id })}
          />
          <RulesetGroup
            t={t}
            lang={lang}
            title={t.rulesetsReference}
            list={PRESETS.slice(LEAFLETS)}
            chosen={chosen}
            onChoose={(id) => change({ rules: id })}
          />
          {own.length > 0 && (
            <RulesetGroup
              t={t}
              lang={lang}
              title={t.rulesetsOwn}
              list={own}
              chosen={chosen}
              onChoose={(id) => change({ rules: id })}
            />
          )}
          <p class="make-own">
            <a href="#/editor">{t.makeOwnRules}</a>
          </p>
        </fieldset>

        <fieldset class="opponent">
          <legend>{t.chooseOpponent}</legend>
          <div class="choice-row">
            <label class={`choice${prefs.opponent === 'local' ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name="opponent"
                value="local"
                checked={prefs.opponent === 'local'}
                onChange={() => change({ opponent: 'local' })}
              />
              <span class="choice-title">{t.opponentLocal}</span>
              <span class="choice-text">{t.opponentLocalText}</span>
            </label>
            <label class={`choice${prefs.opponent === 'computer' ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name="opponent"
                value="computer"
                checked={prefs.opponent === 'computer'}
                onChange={() => change({ opponent: 'computer' })}
              />
              <span class="choice-title">{t.opponentComputer}</span>
              <span class="choice-text">{t.opponentComputerText}</span>
            </label>
            <label class={`choice${prefs.opponent === 'online' ? ' is-chosen' : ''}`}>
              <input
                type="radio"
                name="opponent"
                value="online"
                checked={prefs.opponent === 'online'}
                onChange={() => change({ opponent: 'online' })}
              />
              <span class="choice-title">{t.opponentOnline}</span>
              <span class="choice-text">{t.opponentOnlineText}</span>
            </label>
          </div>
          {prefs.opponent === 'online' && (
            <OnlineOptions t={t} prefs={online} name={name} onChange={changeOnline} onName={setName} />
          )}
          {prefs.opponent === 'computer' && (
            <div class="computer-options">
              <div class="option" role="radiogroup" aria-label={t.level}>
                <span class="option-label">{t.level}</span>
                <div class="segmented">
                  {LEVELS.map((level) => (
                    <label class={prefs.level === level ? 'is-chosen' : ''} title={t.levelName(level)}>
                      <input
                        type="radio"
                        name="level"
                        value={level}
                        checked={prefs.level === level}
                        onChange={() => change({ level })}
                      />
                      <span>{level}</span>
                    </label>
                  ))}
                </div>
                <span class="option-note">{t.levelName(prefs.level)}</span>
              </div>
              <div class="option" role="radiogroup" aria-label={t.playAs}>
                <span class="option-label">{t.playAs}</span>
                <div class="segmented sides">
                  {SIDES.map((side) => (
                    <label class={prefs.side === side ? 'is-chosen' : ''}>
                      <input
                        type="radio"
                        name="side"
                        value={side}
                        checked={prefs.side === side}
                        onChange={() => change({ side })}
                      />
                      <span class={`disc disc-${side}`} aria-hidden="true" />
                      <span>{side === 'attackers' ? t.attackers : t.defenders}</span>
                    </label>
                  ))}
                </div>
                <span class="option-note">
                  {chosen.firstToMove === 'attackers' ? t.attackersFirst : t.defendersFirst}
                </span>
              </div>
            </div>
          )}
        </fieldset>

        {refused && prefs.opponent === 'online' && (
          <div class="banner banner-error" role="alert">
            <span class="banner-text">{refusalText(t, refused.code, refused.message)}</span>
          </div>
        )}
        <button type="submit" class="action primary start" disabled={creating}>
          {prefs.opponent === 'online' ? (creating ? t.creating : t.createOnline) : t.startGame}
        </button>
      </form>

      <nav class="home-links">
        <a href="#/lobby">{t.lobbyTitle}</a>
        <a href="#/archive">{t.archiveLink}</a>
        <a href="#/archive?import">{t.importLink}</a>
      </nav>
    </div>
  );
}

function RulesetGroup(props: {
  readonly t: Messages;
  readonly lang: Lang;
  readonly title: string;
  readonly list: readonly Ruleset[];
  readonly chosen: Ruleset;
  readonly onChoose: (id: string) => void;
}) {
  const { t, lang, title, list, chosen, onChoose } = props;
  return (
    <div class="ruleset-group">
      <h3>{title}</h3>
      <div class="ruleset-cards">
        {list.map((rules) => {
          const d = describeRuleset(rules, lang);
          const isChosen = rules === chosen;
          return (
            <label class={`ruleset-card game-${rules.game}${isChosen ? ' is-chosen' : ''}`} key={rules.id}>
              <input
                type="radio"
                name="rules"
                value={rules.id}
                checked={isChosen}
                onChange={() => onChoose(rules.id)}
              />
              <span class="ruleset-name">{d.name}</span>
              <span class="ruleset-game">{rules.game === 'ard-ri' ? t.gameArdRi : t.gameBrandubh}</span>
              <span class="ruleset-line">{d.oneLine}</span>
              <a class="ruleset-link" href={`#/rules/${encodeURIComponent(rules.id)}`}>
                {t.readRules}
              </a>
            </label>
          );
        })}
      </div>
    </div>
  );
}
