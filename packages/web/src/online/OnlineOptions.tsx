/**
 * The choices of a new online game on the start page: the side (or random), the clock (none, a
 * number of days per move, or a live time and increment) and the player's name, which is shown
 * to the opponent and remembered.
 */

import type { SeatChoice } from '@tafl/server/protocol';
import { NAME_MAX } from '@tafl/server/protocol';
import type { Messages } from '../i18n/index.js';
import { SEAT_CHOICES, type OnlinePrefs } from './prefs.js';
import { CORRESPONDENCE_CHOICES, LIVE_CHOICES, type TimeChoice } from './time.js';
import './online.css';

export interface OnlineOptionsProps {
  readonly t: Messages;
  readonly prefs: OnlinePrefs;
  readonly name: string;
  readonly onChange: (changes: Partial<OnlinePrefs>) => void;
  readonly onName: (name: string) => void;
}

export function OnlineOptions({ t, prefs, name, onChange, onName }: OnlineOptionsProps) {
  const sideName = (side: SeatChoice): string =>
    side === 'attackers' ? t.attackers : side === 'defenders' ? t.defenders : t.sideRandom;
  const timeOption = (choice: TimeChoice, label: string, full: string = label) => (
    <label class={prefs.time === choice ? 'is-chosen' : ''} key={choice} title={full}>
      <input
        type="radio"
        name="time"
        value={choice}
        aria-label={full}
        checked={prefs.time === choice}
        onChange={() => onChange({ time: choice })}
      />
      <span aria-hidden={full === label ? undefined : 'true'}>{label}</span>
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
        </div>
      </div>
      <label class="option name-option">
        <span class="option-label">{t.yourName}</span>
        <input
          type="text"
          name="online-name"
          class="text-input"
          value={name}
          maxLength={NAME_MAX}
          autoComplete="nickname"
          required
          onInput={(e) => onName((e.target as HTMLInputElement).value)}
        />
        <span class="option-note">{t.yourNameNote}</span>
      </label>
    </div>
  );
}
