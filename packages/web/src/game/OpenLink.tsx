/** STUB: being written. */

import type { ScreenProps } from '../app/screen.js';

export function OpenLink(props: ScreenProps & { readonly _?: never; readonly query: URLSearchParams }) {
  return <p>{props.t.appName}</p>;
}
