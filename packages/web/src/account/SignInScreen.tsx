/** (Issue 15: to be written.) */

import type { ScreenProps } from '../app/screen.js';

export function SignInScreen(props: ScreenProps & { readonly mode: 'signin' | 'signup' }) {
  void props;
  return <section class="panel" />;
}
