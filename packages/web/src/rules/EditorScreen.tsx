/** STUB: being written. */

import type { ScreenProps } from '../app/screen.js';

export function EditorScreen(props: ScreenProps & { readonly _?: never; readonly id?: string }) {
  return <p>{props.t.appName}</p>;
}
