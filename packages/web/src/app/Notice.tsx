/**
 * A screen that cannot show what was asked (a game not found, a broken record, a bad link): what
 * happened, the detail when there is one, and the way to a new game.
 */

import type { ComponentChildren } from 'preact';
import type { Messages } from '../i18n/index.js';

export function Notice({
  t,
  title,
  detail,
  children,
}: {
  readonly t: Messages;
  readonly title: string;
  readonly detail?: string | undefined;
  /** Ways on besides a new game (back to the game, ...), shown first. */
  readonly children?: ComponentChildren;
}) {
  return (
    <section class="screen notice">
      <h1>{title}</h1>
      {detail && <p class="detail">{detail}</p>}
      <p class="action-row">
        {children}
        <a class={`action${children ? '' : ' primary'}`} href="#/">
          {t.newGame}
        </a>
      </p>
    </section>
  );
}
