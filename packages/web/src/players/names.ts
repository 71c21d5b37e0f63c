/** A game's ruleset and time control in words, for the players' and tournaments' pages. */

import { presetById } from '@tafl/core';
import type { TimeControl } from '@tafl/server/protocol';
import type { Lang, Messages } from '../i18n/index.js';
import { liveName } from '../online/time.js';
import { describeRuleset } from '../rules/describe.js';

/** A preset's name in the page's language, else the name the server gave. */
export function rulesetName(lang: Lang, rulesId: string | null, fallback: string): string {
  const preset = rulesId === null ? undefined : presetById(rulesId);
  return preset ? describeRuleset(preset, lang).name : fallback;
}

export function timeText(t: Messages, time: TimeControl): string {
  if (time.kind === 'none') return t.timeNone;
  if (time.kind === 'correspondence') return t.timeDaysCount(time.days);
  return t.timeLive(liveName(time.baseMs, time.incrementMs));
}
