/**
 * A new tournament (`#/tournaments/new`), for a signed-in player: its name, Swiss or round robin,
 * the ruleset (the rating families' named rulesets), the time control (live: minutes and seconds
 * added per move; correspondence: days per move), the rounds, the start and whether it is rated.
 * The form's own checks and the server's refusals are said in a live region.
 */

import { presetById } from '@tafl/core';
import {
  CORRESPONDENCE_DAYS,
  FAMILY_PRESETS,
  RATING_FAMILIES,
  SWISS_ROUNDS,
  TOURNAMENT_NAME_MAX,
} from '@tafl/server/protocol';
import { useMemo, useState } from 'preact/hooks';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { familyName, playersText } from '../players/text.js';
import { rulesetName } from '../players/names.js';
import { createTournament } from './api.js';
import { defaultForm, problemText, requestOf, tournamentRefusal, type TournamentForm } from './form.js';
import { signInHref, useAccount } from './hooks.js';
import { tournamentsText } from './text.js';
import '../game/game.css';
import '../players/players.css';
import './tournaments.css';

export function NewTournamentScreen({ lang, t, navigate }: ScreenProps) {
  const x = tournamentsText(t);
  const p = playersText(t);
  useTitle(t.appName, x.newTitle);
  const account = useAccount();
  const [form, setForm] = useState<TournamentForm>(() => defaultForm(Date.now()));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TournamentForm>(key: K, value: TournamentForm[K]): void =>
    setForm((f) => ({ ...f, [key]: value }));
  const families = useMemo(
    () =>
      RATING_FAMILIES.map((f) => ({
        family: f,
        presets: FAMILY_PRESETS[f].filter((id) => presetById(id) !== undefined),
      })),
    [],
  );

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    const built = requestOf(form, Date.now());
    if (!built.ok) {
      setError(problemText(x, built.problem));
      document.getElementById(`tournament-${built.problem}`)?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    const answer = await createTournament(built.value);
    setBusy(false);
    if (answer.ok) navigate({ screen: 'tournament', id: answer.value.id });
    else setError(tournamentRefusal(t, x, answer.code, answer.message));
  };

  if (account && !account.user)
    return (
      <div class="players-page">
        <section class="panel">
          <h1>{x.newTitle}</h1>
          <p>{x.signInToPlay}</p>
          <a class="action primary" href={signInHref('#/tournaments/new')}>
            {x.signIn}
          </a>
        </section>
      </div>
    );

  return (
    <div class="players-page">
      <form class="panel tournament-form" onSubmit={(e) => void submit(e)} noValidate>
        <h1>{x.newTitle}</h1>
        <OfflineNotice t={t} />
        <div class="field">
          <label for="tournament-name">{x.fieldName}</label>
          <input
            id="tournament-name"
            name="name"
            type="text"
            required
            maxLength={TOURNAMENT_NAME_MAX}
            value={form.name}
            onInput={(e) => set('name', e.currentTarget.value)}
          />
        </div>
        <fieldset class="field" id="tournament-kind">
          <legend>{x.fieldKind}</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="swiss"
              checked={form.kind === 'swiss'}
              onChange={() => set('kind', 'swiss')}
            />{' '}
            {x.kindSwiss} <span class="hint">({x.kindSwissHint})</span>
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              value="round-robin"
              checked={form.kind === 'round-robin'}
              onChange={() => set('kind', 'round-robin')}
            />{' '}
            {x.kindRoundRobin} <span class="hint">({x.kindRobinHint})</span>
          </label>
        </fieldset>
        <div class="field">
          <label for="tournament-rules">{x.fieldRules}</label>
          <select
            id="tournament-rules"
            name="rules"
            value={form.rules}
            onChange={(e) => set('rules', e.currentTarget.value)}
          >
            {families.map(({ family, presets }) => (
              <optgroup key={family} label={familyName(p, family)}>
                {presets.map((id) => (
                  <option key={id} value={id}>
                    {rulesetName(lang, id, id)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <fieldset class="field" id="tournament-time" tabIndex={-1}>
          <legend>{x.fieldTime}</legend>
          <label>
            <input
              type="radio"
              name="time-kind"
              value="live"
              checked={form.timeKind === 'live'}
              onChange={() => set('timeKind', 'live')}
            />{' '}
            {x.timeLive}
          </label>
          <label>
            <input
              type="radio"
              name="time-kind"
              value="correspondence"
              checked={form.timeKind === 'correspondence'}
              onChange={() => set('timeKind', 'correspondence')}
            />{' '}
            {x.timeCorrespondence}
          </label>
          {form.timeKind === 'live' ? (
            <div class="field-row">
              <label>
                {x.fieldBase}{' '}
                <input
                  name="base"
                  type="number"
                  min={1}
                  max={180}
                  step="any"
                  inputMode="decimal"
                  value={form.baseMinutes}
                  onInput={(e) => set('baseMinutes', e.currentTarget.value)}
                />
              </label>
              <label>
                {x.fieldIncrement}{' '}
                <input
                  name="increment"
                  type="number"
                  min={0}
                  max={180}
                  inputMode="numeric"
                  value={form.incrementSeconds}
                  onInput={(e) => set('incrementSeconds', e.currentTarget.value)}
                />
              </label>
            </div>
          ) : (
            <div class="field-row">
              <label>
                {x.fieldDays}{' '}
                <input
                  name="days"
                  type="number"
                  min={CORRESPONDENCE_DAYS.min}
                  max={CORRESPONDENCE_DAYS.max}
                  inputMode="numeric"
                  value={form.days}
                  onInput={(e) => set('days', e.currentTarget.value)}
                />
              </label>
            </div>
          )}
        </fieldset>
        <div class="field">
          {form.kind === 'swiss' ? (
            <>
              <label for="tournament-rounds">{x.fieldRounds}</label>
              <input
                id="tournament-rounds"
                name="rounds"
                type="number"
                min={SWISS_ROUNDS.min}
                max={SWISS_ROUNDS.max}
                inputMode="numeric"
                aria-describedby="tournament-rounds-hint"
                value={form.swissRounds}
                onInput={(e) => set('swissRounds', e.currentTarget.value)}
              />
              <span id="tournament-rounds-hint" class="hint">
                {x.roundsHint(SWISS_ROUNDS.min, SWISS_ROUNDS.max)}
              </span>
            </>
          ) : (
            <>
              <label for="tournament-rounds">{x.fieldRounds}</label>
              <select
                id="tournament-rounds"
                name="rounds"
                value={form.robinRounds}
                onChange={(e) => set('robinRounds', e.currentTarget.value === '2' ? '2' : '1')}
              >
                <option value="1">{x.robinOnceOption}</option>
                <option value="2">{x.robinTwiceOption}</option>
              </select>
            </>
          )}
        </div>
        <div class="field">
          <label for="tournament-start">{x.fieldStart}</label>
          <input
            id="tournament-start"
            name="start"
            type="datetime-local"
            aria-describedby="tournament-start-hint"
            value={form.start}
            onInput={(e) => set('start', e.currentTarget.value)}
          />
          <span id="tournament-start-hint" class="hint">
            {x.startHint}
          </span>
        </div>
        <div class="field">
          <label>
            <input
              type="checkbox"
              name="rated"
              checked={form.rated}
              onChange={(e) => set('rated', e.currentTarget.checked)}
            />{' '}
            {x.fieldRated}
          </label>
        </div>
        <div aria-live="assertive" class="live-region" data-testid="tournament-error">
          {error && (
            <div class="banner banner-error">
              <span class="banner-text">
                <strong>{x.createRefused}</strong> {error}
              </span>
            </div>
          )}
        </div>
        <div class="action-row">
          <button type="submit" class="action primary" disabled={busy}>
            {busy ? x.creating : x.create}
          </button>
          <a class="action subtle" href="#/tournaments">
            {x.tournamentsTitle}
          </a>
        </div>
      </form>
    </div>
  );
}
