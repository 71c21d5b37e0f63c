/** What every screen is given by the shell. */

import type { Lang, Messages } from '../i18n/index.js';
import type { Navigate } from './router.js';

export interface ScreenProps {
  readonly lang: Lang;
  readonly t: Messages;
  readonly navigate: Navigate;
}
