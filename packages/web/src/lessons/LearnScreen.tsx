/** The lessons (placeholder: being built). */

import type { ScreenProps } from '../app/screen.js';

export function LearnScreen({ t }: ScreenProps & { readonly ruleset?: string; readonly lesson?: string }) {
  return <section class="screen notice">{t.rules}</section>;
}
