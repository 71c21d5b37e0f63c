/** Every ruleset to choose from (placeholder: being built). */

import type { ScreenProps } from '../app/screen.js';

export function RulesetsScreen({ t }: ScreenProps) {
  return <section class="screen notice">{t.rules}</section>;
}
