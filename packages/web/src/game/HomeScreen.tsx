/** STUB: being written. */

import type { ScreenProps } from '../app/screen.js';

export function HomeScreen(props: ScreenProps & { readonly _?: never }) {
  return <p>{props.t.appName}</p>;
}
