/** (Issue 15: to be written.) */

import type { ScreenProps } from '../app/screen.js';

export function LeaderboardScreen(props: ScreenProps & { readonly family?: string }) {
  void props;
  return <section class="panel" />;
}
