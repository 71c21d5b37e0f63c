/**
 * The pages the links of a mail open: `#/mail/confirm?token=…` confirms the address (a POST of
 * the token, as the page opens: whoever opens the link holds the mailbox), and
 * `#/mail/unsubscribe?token=…` asks first, then unsubscribes from every mail (a POST too: a GET
 * never changes anything, and a scanner that follows a mail's links does not unsubscribe
 * anyone). The token is in the address's fragment, which is never sent to a server; once used,
 * it leaves the address bar.
 */

import { MAIL_TOKEN_RE } from '@tafl/server/protocol';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { pageMailApi } from './mail-api.js';
import { mailText } from './mail-text.js';
import { mailRefusal } from './MailPanel.js';
import './account.css';

export type MailAction = 'confirm' | 'unsubscribe';

type Step = 'ask' | 'working' | 'done' | { readonly refused: string };

export function MailScreen({
  t,
  action,
  token,
}: ScreenProps & { readonly action: MailAction; readonly token: string }) {
  const m = mailText(t);
  const title = action === 'confirm' ? m.confirmTitle : m.unsubscribeTitle;
  useTitle(t.appName, title);
  const valid = MAIL_TOKEN_RE.test(token);
  const [step, setStep] = useState<Step>(action === 'confirm' && valid ? 'working' : 'ask');
  const said = useRef<HTMLParagraphElement>(null);

  const go = (): void => {
    setStep('working');
    const api = pageMailApi();
    void (action === 'confirm' ? api.confirm(token) : api.unsubscribe(token)).then((answer) => {
      if (answer.ok) {
        // The token has done its work: it leaves the address bar and the history.
        history.replaceState(null, '', `#/mail/${action}`);
        setStep('done');
      } else setStep({ refused: mailRefusal(t, answer) });
    });
  };

  useEffect(() => {
    if (action === 'confirm' && valid) go();
    // Once, as the page opens.
  }, []);
  useEffect(() => {
    if (step === 'done' || typeof step === 'object') said.current?.focus();
  }, [step]);

  return (
    <div class="account-screen" data-screen="mail">
      <h1>{title}</h1>
      {!valid ? (
        <p class="banner banner-error" role="alert" data-testid="mail-result">
          {m.linkBroken}
        </p>
      ) : step === 'ask' ? (
        <>
          <p>{m.unsubscribeAsk}</p>
          <div class="action-row">
            <button type="button" class="action primary" onClick={go}>
              {m.unsubscribeButton}
            </button>
          </div>
        </>
      ) : (
        <p
          ref={said}
          tabIndex={-1}
          role="status"
          data-testid="mail-result"
          data-done={String(step === 'done')}
          class={typeof step === 'object' ? 'banner banner-error' : 'account-note'}
        >
          {step === 'working'
            ? m.working
            : step === 'done'
              ? action === 'confirm'
                ? m.confirmDone
                : m.unsubscribeDone
              : step.refused}
        </p>
      )}
      <p class="action-row">
        <a class="action" href="#/account">
          {m.toAccount}
        </a>
      </p>
    </div>
  );
}
