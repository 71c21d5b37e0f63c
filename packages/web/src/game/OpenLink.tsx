/**
 * Opening a link (`#/open?...`, links.ts): the game it describes is made, kept with the games in
 * progress (or the archive, if it has ended), and shown at the ply the link asks for. The link is
 * replaced in the history by the game, so going back does not make the game again.
 */

import { useEffect, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import type { Messages } from '../i18n/index.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { LINK_ERRORS, parseLink, type LinkError } from './links.js';
import { createGame } from './model.js';
import { pageStore } from './storage.js';
import { Notice } from '../app/Notice.js';

export function linkErrorText(t: Messages, code: LinkError | string): string {
  switch (code) {
    case LINK_ERRORS.rules:
      return t.linkErrorRules;
    case LINK_ERRORS.position:
    case LINK_ERRORS.turn:
      return t.linkErrorPosition;
    case LINK_ERRORS.move:
      return t.linkErrorMove;
    default:
      return t.linkError;
  }
}

export function OpenLink({ t, query }: ScreenProps & { readonly query: URLSearchParams }) {
  const [failure, setFailure] = useState<{ code: string; message: string } | undefined>();
  const key = query.toString();
  useEffect(() => {
    const linked = parseLink(query, loadCustomRulesets());
    const created = linked.ok ? createGame(linked.value.game) : linked;
    if (!linked.ok || !created.ok) {
      setFailure(
        created.ok ? { code: 'ERR_LINK', message: '' } : { code: created.code, message: created.message },
      );
      return;
    }
    pageStore().save(created.value);
    const ply = linked.value.ply;
    location.replace(
      `#/game/${encodeURIComponent(created.value.id)}${ply === undefined ? '' : `?ply=${ply}`}`,
    );
  }, [key]);

  if (!failure) return <p class="screen notice">{t.openingLink}</p>;
  return <Notice t={t} title={linkErrorText(t, failure.code)} detail={failure.message} />;
}
