/**
 * The start page: three ways to play, each one click away, then the games in progress. Each way
 * starts at once with the chosen ruleset (the recommended one, prefs.ts's `RECOMMENDED_RULES`,
 * until the player chooses another on the rulesets page) and the remembered options:
 * - the computer: level 3 of 6 and the defenders by default; "Options" opens the level and side;
 * - a friend here: two players on this screen;
 * - online: the game is created on the server (side, clock and the player's name remembered; a
 *   first game takes the side at random, no clock and "Guest" until the player names themself),
 *   and the game's page shows the link to send; "Options" opens the side, clock and name.
 */

import { PRESETS, SIDES, makeRules, type Ruleset } from '@tafl/core';
import { checkName } from '@tafl/server/protocol';
import { useMemo, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { FRONT_TEXT, type FrontText } from '../app/text.js';
import { useTitle } from '../app/title.js';
import type { Messages } from '../i18n/index.js';
import { pageAccount, useAccount } from '../account/session.js';
import { accountText } from '../account/text.js';
import { ratedBlock, ratedFields } from '../account/state.js';
import { pageApi, type ApiRefusal } from '../online/api.js';
import { AwayNotice } from '../online/AwayNotice.js';
import { refusalText } from '../online/errors.js';
import { OnlineOptions } from '../online/OnlineOptions.js';
import { readOnlinePrefs, writeOnlinePrefs, type OnlinePrefs } from '../online/prefs.js';
import { timeControlOf } from '../online/time.js';
import { pageSeats } from '../online/tokens.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { rulesetName } from '../rules/names.js';
import { oneSided } from '../balance/one-sided.js';
import { GameSummary } from './GameSummary.js';
import { LEVELS, createGame, rulesRef } from './model.js';
import { RECOMMENDED_RULES, readPrefs, writePrefs, type NewGamePrefs } from './prefs.js';
import { pageStore } from './storage.js';
import '../app/home.css';
import './game.css';

export type PlayWay = 'computer' | 'local' | 'online';

/** The ruleset the start page plays: the remembered choice if it still exists, else the recommended. */
export function chosenRuleset(prefs: NewGamePrefs, own: readonly Ruleset[]): Ruleset {
  return (
    [...PRESETS, ...own].find((r) => r.id === prefs.rules) ??
    PRESETS.find((r) => r.id === RECOMMENDED_RULES) ??
    PRESETS[0]!
  );
}

/**
 * Starts a game in one call: a game of this device is stored and opened; an online game is
 * created on the server, this browser keeps the seat's token, and the game's page (which shows
 * the link to send) opens. Returns a refusal of the server, if any.
 */
export async function startGame(
  way: PlayWay,
  rules: Ruleset,
  prefs: NewGamePrefs,
  online: OnlinePrefs,
  name: string,
  navigate: ScreenProps['navigate'],
): Promise<ApiRefusal | undefined> {
  if (way === 'online') {
    const checked = checkName(name);
    if (!checked.ok) return { ok: false, code: checked.code, message: checked.message };
    const seats = pageSeats();
    seats.rememberName(checked.value);
    const time = timeControlOf(online.time) ?? { kind: 'none' };
    const rulesId = PRESETS.includes(rules) ? rules.id : null;
    const created = await pageApi().create({
      rules: rulesId ?? makeRules(rules),
      side: online.side,
      time,
      name: checked.value,
      // Rated when chosen and allowed (a signed-in player, a family's preset, a clock: docs/online.md, "Ratings").
      ...ratedFields(online, ratedBlock(pageAccount().snapshot().user !== null, rulesId, time)),
    });
    if (!created.ok) return created;
    const { token, side, game } = created.value;
    seats.save({ id: game.id, token, side, at: Date.now() });
    // Signed in, the token is the account's (forgotten at sign-out).
    if (pageAccount().snapshot().user) pageAccount().accountSeat(token);
    navigate({ screen: 'online', id: game.id });
    return undefined;
  }
  const created = createGame({
    rules: PRESETS.includes(rules) ? rulesRef(rules) : rules,
    opponent:
      way === 'local' ? { kind: 'local' } : { kind: 'computer', level: prefs.level, human: prefs.side },
  });
  if (!created.ok) return { ok: false, code: 'create/rules', message: created.message };
  pageStore().save(created.value);
  navigate({ screen: 'game', id: created.value.id });
  return undefined;
}

/** The name an online game is created with: the remembered one, else "Guest" in the language. */
export const onlineName = (typed: string, f: FrontText): string => (typed.trim() ? typed : f.guestName);

/** What one click will do, in a few words under each button. */
export function computerNote(t: Messages, f: FrontText, prefs: NewGamePrefs): string {
  return `${f.levelNote(prefs.level, t.levelName(prefs.level))}, ${
    prefs.side === 'attackers' ? f.youPlayAttackers : f.youPlayDefenders
  }`;
}

export function HomeScreen({ lang, t, navigate }: ScreenProps) {
  const f = FRONT_TEXT[lang];
  useTitle(t.appName);
  const store = pageStore();
  const own = useMemo(() => loadCustomRulesets(), []);
  const [prefs, setPrefs] = useState(readPrefs);
  const [current, setCurrent] = useState(() => store.current());
  const chosen = chosenRuleset(prefs, own);
  const lopsided = oneSided(chosen.id);
  const change = (changes: Partial<NewGamePrefs>): void => {
    const next = { ...prefs, ...changes };
    setPrefs(next);
    writePrefs(next);
  };
  const account = useAccount();
  const [online, setOnline] = useState(readOnlinePrefs);
  const [name, setName] = useState(() => pageSeats().name() ?? '');
  const changeOnline = (changes: Partial<OnlinePrefs>): void => {
    const next = { ...online, ...changes };
    setOnline(next);
    writeOnlinePrefs(next);
  };
  const [open, setOpen] = useState<PlayWay | undefined>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ApiRefusal | undefined>();

  const play = (way: PlayWay) => (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setRefused(undefined);
    setBusy(true);
    void startGame(way, chosen, prefs, online, onlineName(name, f), navigate).then((refusal) => {
      setBusy(false);
      setRefused(refusal);
      // A refused name is the player's to fix: show the field.
      if (refusal?.code === 'create/name') setOpen('online');
    });
  };

  const optionsButton = (way: PlayWay, title: string) => (
    <button
      type="button"
      class="play-options-button"
      aria-expanded={open === way}
      aria-controls={`play-options-${way}`}
      aria-label={f.optionsFor(title)}
      onClick={() => setOpen(open === way ? undefined : way)}
    >
      <span aria-hidden="true">{f.options}</span>
      <svg class="chevron" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" />
      </svg>
    </button>
  );

  const onlineSide =
    online.side === 'attackers'
      ? f.youPlayAttackers
      : online.side === 'defenders'
        ? f.youPlayDefenders
        : f.youPlayRandom;
  const clock = timeControlOf(online.time);
  const clockText =
    !clock || clock.kind === 'none'
      ? t.timeNone
      : clock.kind === 'correspondence'
        ? t.timeDaysCount(clock.days)
        : t.timeLive(online.time.slice('live:'.length));

  return (
    <div class="home">
      <section class="play" aria-labelledby="play-heading">
        <div class="play-head">
          <h1 id="play-heading">{f.playHeading}</h1>
          <p class="play-rules">
            <span class="play-rules-label">{f.rulesLabel}</span>{' '}
            <strong class="play-rules-name" data-rules={chosen.id}>
              {rulesetName(chosen, lang)}
            </strong>
            {chosen.id === RECOMMENDED_RULES && <span class="badge">{f.recommended}</span>}{' '}
            <a class="play-rules-choose" href="#/rulesets">
              {f.chooseRules}
            </a>
          </p>
          {lopsided && (
            <p class="one-sided-note" data-testid="one-sided-note">
              {f.oneSidedNote(lopsided.side, lopsided.won, lopsided.games)}{' '}
              <a href="#/balance">{f.oneSidedLink}</a>
            </p>
          )}
        </div>

        <div class="play-choices">
          <form class="play-choice" data-way="computer" onSubmit={play('computer')}>
            <button type="submit" class="play-button" disabled={busy}>
              <PlayIcon way="computer" />
              <span class="play-title">{f.playComputer}</span>
            </button>
            <div class="play-foot">
              <span class="play-note">{computerNote(t, f, prefs)}</span>
              {optionsButton('computer', f.playComputer)}
            </div>
            <div class="play-options" id="play-options-computer" hidden={open !== 'computer'}>
              <div class="computer-options">
                <div class="option" role="radiogroup" aria-label={t.level}>
                  <span class="option-label">{t.level}</span>
                  <div class="segmented">
                    {LEVELS.map((level) => (
                      <label
                        class={prefs.level === level ? 'is-chosen' : ''}
                        title={t.levelName(level)}
                        key={level}
                      >
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
                      <label class={prefs.side === side ? 'is-chosen' : ''} key={side}>
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
                <a href="#/rulesets">{f.chooseRules}</a>
              </div>
            </div>
          </form>

          <form class="play-choice" data-way="local" onSubmit={play('local')}>
            <button type="submit" class="play-button" disabled={busy}>
              <PlayIcon way="local" />
              <span class="play-title">{f.playLocal}</span>
            </button>
            <div class="play-foot">
              <span class="play-note">{f.localNote}</span>
              <a class="play-options-button" href="#/rulesets">
                {f.chooseRules}
              </a>
            </div>
          </form>

          <form
            class="play-choice"
            data-way="online"
            onSubmit={play('online')}
            // Closed options are the remembered, valid ones: the browser checks only what is shown.
            noValidate={open !== 'online'}
          >
            <button type="submit" class="play-button" disabled={busy}>
              <PlayIcon way="online" />
              <span class="play-title">{f.playOnline}</span>
            </button>
            <div class="play-foot">
              <span class="play-note">
                {f.onlineNote}
                <span class="play-settings">
                  {clockText} · {onlineSide}
                  {ratedFields(
                    online,
                    ratedBlock(account.user !== null, PRESETS.includes(chosen) ? chosen.id : null, clock),
                  ).rated && ` · ${accountText(t).rated}`}
                </span>
              </span>
              {optionsButton('online', f.playOnline)}
            </div>
            <div class="play-options" id="play-options-online" hidden={open !== 'online'}>
              <OnlineOptions
                t={t}
                prefs={online}
                name={name}
                onChange={changeOnline}
                onName={setName}
                rulesId={PRESETS.includes(chosen) ? chosen.id : null}
                guestName={f.guestName}
              />
              <p>
                <a href="#/rulesets">{f.chooseRules}</a>
              </p>
            </div>
          </form>
        </div>

        {busy && (
          <p class="play-busy" role="status">
            {t.creating}
          </p>
        )}
        {refused && (
          <div class="banner banner-error" role="alert">
            <span class="banner-text">{refusalText(t, refused.code, refused.message)}</span>
          </div>
        )}
      </section>

      <AwayNotice t={t} lang={lang} />

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

      <nav class="home-links" aria-label={t.newGame}>
        <a href="#/learn">{f.learnToPlay}</a>
        <a href="#/lobby">{t.lobbyTitle}</a>
        <a href="#/archive">{t.archiveLink}</a>
        <a href="#/archive?import">{t.importLink}</a>
        <a href="#/editor">{t.makeOwnRules}</a>
      </nav>
    </div>
  );
}

/** A picture for each way to play: a screen with a chip, two people, a globe. */
export function PlayIcon({ way }: { readonly way: PlayWay }) {
  const d =
    way === 'computer'
      ? 'M4 5h16v11H4zM9 20h6M12 16v4M9 9h6v3H9z'
      : way === 'local'
        ? 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3 2.2-5 5-5s5 2 5 5M11 20c0-3 2.2-5 5-5s5 2 5 5'
        : 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9M12 3C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9';
  return (
    <svg
      class="play-icon"
      viewBox="0 0 24 24"
      width="34"
      height="34"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      stroke-width="1.7"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
