/**
 * The choices of a new online game on the start page: the side (or random), the clock (none, a
 * number of days per move, or a live time and increment: a preset or the player's own) and the
 * player's name, which is shown to the opponent and remembered. A signed-in player plays under
 * the account's name, and chooses a rated or casual game (rated only for a family's named ruleset
 * with a clock; otherwise the choice says why not) and who may take the seat (a rating range).
 */

import type { SeatChoice } from '@tafl/server/protocol';
import { NAME_MAX } from '@tafl/server/protocol';
import { useState } from 'preact/hooks';
import type { Messages } from '../i18n/index.js';
import { useAccount } from '../account/session.js';
import { ratedBlock, rangeText } from '../account/state.js';
import { accountText } from '../account/text.js';
import { RANGE_CHOICES, SEAT_CHOICES, type OnlinePrefs } from './prefs.js';
import {
  CORRESPONDENCE_CHOICES,
  customLiveChoice,
  LIVE_CHOICES,
  LIVE_CUSTOM,
  liveParts,
  TIME_CHOICES,
  timeControlOf,
  type TimeChoice,
} from './time.js';
import './online.css';

export interface OnlineOptionsProps {
  readonly t: Messages;
  readonly prefs: OnlinePrefs;
  readonly name: string;
  readonly onChange: (changes: Partial<OnlinePrefs>) => void;
  readonly onName: (name: string) => void;
  /** The chosen ruleset's preset id, or null for the player's own rules (never rated). */
  readonly rulesId?: string | null;
  /** The name played under when the field is left empty ("Guest", in the page's language). */
  readonly guestName: string;
}

const DEFAULT_CUSTOM = { minutes: 20, seconds: 10 } as const;

export function OnlineOptions({
  t,
  prefs,
  name,
  onChange,
  onName,
  rulesId = null,
  guestName,
}: OnlineOptionsProps) {
  const account = useAccount();
  const sideName = (side: SeatChoice): string =>
    side === 'attackers' ? t.attackers : side === 'defenders' ? t.defenders : t.sideRandom;
  // The player's own live clock: chosen when the remembered one is no preset, or by a click on
  // "Other" (kept open while its numbers happen to spell a preset).
  const live = liveParts(prefs.time);
  const [customOpen, setCustomOpen] = useState(live !== undefined && !TIME_CHOICES.includes(prefs.time));
  const custom = customOpen && live !== undefined;
  const [draft, setDraft] = useState<{ minutes: number; seconds: number }>(live ?? DEFAULT_CUSTOM);
  const choose = (choice: TimeChoice): void => {
    setCustomOpen(false);
    onChange({ time: choice });
  };
  const chooseCustom = (minutes: number, seconds: number): void => {
    setDraft({ minutes, seconds });
    const choice = customLiveChoice(minutes, seconds);
    if (choice) onChange({ time: choice });
  };
  const timeOption = (choice: TimeChoice, label: string, full: string = label) => (
    <label class={prefs.time === choice && !custom ? 'is-chosen' : ''} key={choice} title={full}>
      <input
        type="radio"
        name="time"
        value={choice}
        aria-label={full}
        checked={prefs.time === choice && !custom}
        onChange={() => choose(choice)}
      />
      <span aria-hidden={full === label ? undefined : 'true'}>{label}</span>
    </label>
  );
  const customField = (which: 'minutes' | 'seconds', label: string) => (
    <label class="custom-time-field">
      <span>{label}</span>
      <input
        type="number"
        name={`time-custom-${which}`}
        class="text-input"
        inputMode="numeric"
        min={LIVE_CUSTOM[which].min}
        max={LIVE_CUSTOM[which].max}
        step={1}
        required
        value={draft[which]}
        onInput={(e) => {
          const n = (e.target as HTMLInputElement).valueAsNumber;
          const next = { ...draft, [which]: n };
          chooseCustom(next.minutes, next.seconds);
        }}
      />
    </label>
  );
  return (
    <div class="computer-options online-options">
      <div class="option" role="radiogroup" aria-label={t.playAs}>
        <span class="option-label">{t.playAs}</span>
        <div class="segmented sides">
          {SEAT_CHOICES.map((side) => (
            <label class={prefs.side === side ? 'is-chosen' : ''} key={side}>
              <input
                type="radio"
                name="online-side"
                value={side}
                checked={prefs.side === side}
                onChange={() => onChange({ side })}
              />
              {side !== 'random' && <span class={`disc disc-${side}`} aria-hidden="true" />}
              <span>{sideName(side)}</span>
            </label>
          ))}
        </div>
      </div>
      <div class="option time-options" role="radiogroup" aria-label={t.timeControl}>
        <span class="option-label">{t.timeControl}</span>
        <div class="segmented">{timeOption('none', t.timeNone)}</div>
        <span class="option-note">{t.timeCorrespondenceGroup}</span>
        <div class="segmented">
          {CORRESPONDENCE_CHOICES.map((days) =>
            timeOption(`days:${days}`, String(days), t.timeDaysCount(days)),
          )}
        </div>
        <span class="option-note">{t.timeLiveGroup}</span>
        <div class="segmented">
          {LIVE_CHOICES.map(([m, s]) => timeOption(`live:${m}+${s}`, `${m}+${s}`, t.timeLive(`${m}+${s}`)))}
          <label class={custom ? 'is-chosen' : ''} title={t.timeCustomFull}>
            <input
              type="radio"
              name="time"
              value="custom"
              aria-label={t.timeCustomFull}
              checked={custom}
              onChange={() => {
                const valid = customLiveChoice(draft.minutes, draft.seconds) ? draft : DEFAULT_CUSTOM;
                setCustomOpen(true);
                chooseCustom(valid.minutes, valid.seconds);
              }}
            />
            <span aria-hidden="true">{t.timeCustom}</span>
          </label>
        </div>
        {custom && (
          <div class="custom-time">
            {customField('minutes', t.timeCustomMinutes)}
            <span aria-hidden="true">+</span>
            {customField('seconds', t.timeCustomSeconds)}
          </div>
        )}
      </div>
      <RatedOptions
        t={t}
        prefs={prefs}
        onChange={onChange}
        rulesId={rulesId}
        signedIn={account.user !== null}
      />
      {account.user ? (
        <p class="option-note" data-testid="playing-as">
          {accountText(t).playingAs(account.user.name)}
        </p>
      ) : (
        <NameField t={t} name={name} onName={onName} placeholder={guestName} note />
      )}
    </div>
  );
}

/** Rated or casual, and who may join a rated game; disabled with the reason when it cannot be rated. */
function RatedOptions(props: {
  readonly t: Messages;
  readonly prefs: OnlinePrefs;
  readonly onChange: (changes: Partial<OnlinePrefs>) => void;
  readonly rulesId: string | null;
  readonly signedIn: boolean;
}) {
  const { t, prefs, onChange, rulesId, signedIn } = props;
  const a = accountText(t);
  const block = ratedBlock(signedIn, rulesId, timeControlOf(prefs.time));
  const rated = prefs.rated === true && block === 'ok';
  const why =
    block === 'signed-out'
      ? a.ratedNeedsSignIn
      : block === 'own-rules'
        ? a.ratedNeedsPreset
        : block === 'untimed'
          ? a.ratedNeedsClock
          : a.ratedNote;
  const range = prefs.range ?? null;
  return (
    <>
      <div
        class="option rated-options"
        role="radiogroup"
        aria-label={a.ratedOrCasual}
        aria-describedby="rated-why"
      >
        <span class="option-label">{a.ratedOrCasual}</span>
        <div class="segmented">
          {([false, true] as const).map((value) => (
            <label class={rated === value ? 'is-chosen' : ''} key={String(value)}>
              <input
                type="radio"
                name="online-rated"
                value={value ? 'rated' : 'casual'}
                checked={rated === value}
                disabled={value && block !== 'ok'}
                onChange={() => onChange({ rated: value })}
              />
              <span>{value ? a.rated : a.casual}</span>
            </label>
          ))}
        </div>
        <span class="option-note" id="rated-why" data-testid="rated-why">
          {why}
        </span>
      </div>
      {rated && (
        <div class="option" role="radiogroup" aria-label={a.range} aria-describedby="range-note">
          <span class="option-label">{a.range}</span>
          <div class="segmented">
            {RANGE_CHOICES.map((r) => (
              <label class={range === r ? 'is-chosen' : ''} key={String(r)}>
                <input
                  type="radio"
                  name="online-range"
                  value={r === null ? 'any' : String(r)}
                  checked={range === r}
                  onChange={() => onChange({ range: r })}
                />
                <span>{r === null ? a.rangeAny : rangeText(r)}</span>
              </label>
            ))}
          </div>
          <span class="option-note" id="range-note">
            {a.rangeNote}
          </span>
        </div>
      )}
    </>
  );
}

/** The player's display name, as the new game and the free seat of a game ask for it. */
export function NameField({
  t,
  name,
  onName,
  placeholder,
  note = false,
}: {
  readonly t: Messages;
  readonly name: string;
  readonly onName: (name: string) => void;
  /** The name played under when none is typed ("Guest"): no name is ever required. */
  readonly placeholder?: string;
  /** Say who will see the name. */
  readonly note?: boolean;
}) {
  return (
    <label class="option name-option">
      <span class="option-label">{t.yourName}</span>
      <input
        type="text"
        name="online-name"
        class="text-input"
        value={name}
        maxLength={NAME_MAX}
        autoComplete="nickname"
        {...(placeholder === undefined ? {} : { placeholder })}
        onInput={(e) => onName((e.target as HTMLInputElement).value)}
      />
      {note && <span class="option-note">{t.yourNameNote}</span>}
    </label>
  );
}
