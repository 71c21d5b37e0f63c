/** (Issue 15: to be written.) */

import type { ScreenProps } from '../app/screen.js';

export function TournamentsScreen(props: ScreenProps) {
  void props;
  return <section class="panel" />;
}
