/** (Issue 15: to be written.) */

import type { ScreenProps } from '../app/screen.js';

export function PlayerScreen(props: ScreenProps & { readonly name: string }) {
  void props;
  return <section class="panel" />;
}
