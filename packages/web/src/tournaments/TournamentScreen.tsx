/** (Issue 15: to be written.) */

import type { ScreenProps } from '../app/screen.js';

export function TournamentScreen(props: ScreenProps & { readonly id: string }) {
  void props;
  return <section class="panel" />;
}
