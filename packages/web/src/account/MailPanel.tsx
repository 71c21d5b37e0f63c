/**
 * The account page's Email panel, shown when the server sends mail: the address (set, it waits
 * for the link of its confirmation mail; confirmed, mails go to it), what to send ("your move"
 * in a correspondence game: each game, a daily digest or never; a tournament round paired; a
 * game lost on time or claimed while away), each change saved as it is made, and removing the
 * address. Mails are written in the page's language, sent with every change. The address is the
 * account's own: only this page, signed in, ever shows it.
 */

import {
  YOUR_MOVE,
  checkMailAddress,
  type MailSettings,
  type MailState,
  type YourMove,
} from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { Lang, Messages } from '../i18n/index.js';
import type { ApiRefusal } from '../online/api.js';
import { refusalText } from '../online/errors.js';
import { pageMailApi } from './mail-api.js';
import { mailText, type MailText } from './mail-text.js';

/** A refusal in the player's words (online/errors.ts says mail's own codes too). */
export const mailRefusal = (t: Messages, refused: ApiRefusal): string =>
  refusalText(t, refused.code, refused.message);

const CHOICES: Readonly<Record<YourMove, keyof MailText>> = {
  each: 'mailEach',
  digest: 'mailDigest',
  off: 'mailNever',
};

export function MailPanel({ t, lang }: { readonly t: Messages; readonly lang: Lang }) {
  const m = mailText(t);
  const [state, setState] = useState<MailState | undefined>();
  const [typed, setTyped] = useState('');
  const [said, setSaid] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void pageMailApi()
      .state()
      .then((answer) =>
        answer.ok ? setState(answer.value) : setSaid({ ok: false, text: mailRefusal(t, answer) }),
      );
  }, [t]);

  /** Runs a request; its answer is the panel's state, or a refusal said in the live region. */
  const run = (call: () => ReturnType<ReturnType<typeof pageMailApi>['state']>, done: string): void => {
    if (busy) return;
    setBusy(true);
    setSaid({ ok: true, text: m.working });
    void call().then((answer) => {
      setBusy(false);
      if (answer.ok) {
        setState(answer.value);
        setSaid({ ok: true, text: done });
      } else setSaid({ ok: false, text: mailRefusal(t, answer) });
    });
  };

  const send = (address: string): void => {
    const checked = checkMailAddress(address);
    if (!checked.ok) return setSaid({ ok: false, text: m.errMailAddress });
    run(() => pageMailApi().setAddress(checked.value, lang), '');
    setTyped('');
  };
  /** A setting changed: shown at once, then saved (the server's answer is the state after). */
  const change = (settings: Partial<MailSettings>): void => {
    if (busy || !state) return;
    setState({ ...state, settings: { ...state.settings, ...settings } });
    run(() => pageMailApi().settings(settings, lang), m.mailSaved);
  };

  if (!state)
    return (
      <section class="panel" aria-labelledby="account-mail" data-testid="mail-panel">
        <h2 id="account-mail">{m.mailTitle}</h2>
        <p class="account-note" role="status">
          {said?.text ?? m.working}
        </p>
      </section>
    );
  const { address, confirmed, settings } = state;
  return (
    <section class="panel account-form" aria-labelledby="account-mail" data-testid="mail-panel">
      <h2 id="account-mail">{m.mailTitle}</h2>
      <p class="account-note">{m.mailIntro}</p>
      {address !== null && (
        <p class="account-note" data-testid="mail-status" data-confirmed={String(confirmed)}>
          {confirmed ? m.mailConfirmed(address) : m.mailWaiting(address)}
        </p>
      )}
      {address !== null && !confirmed && (
        <div class="action-row">
          <button type="button" class="action" disabled={busy} onClick={() => send(address)}>
            {m.mailResend}
          </button>
        </div>
      )}
      <form
        class="account-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send(typed);
        }}
      >
        <label>
          <span class="field-label">{m.mailAddress}</span>
          <input
            type="email"
            name="email"
            class="text-input"
            autoComplete="email"
            maxLength={254}
            value={typed}
            onInput={(e) => setTyped((e.target as HTMLInputElement).value)}
          />
          <span class="hint">{m.mailAddressHint}</span>
        </label>
        <div class="action-row">
          <button type="submit" class="action primary" disabled={busy || typed.trim() === ''}>
            {address === null ? m.mailSend : m.mailChange}
          </button>
        </div>
      </form>
      {address !== null && (
        <fieldset class="mail-what" disabled={busy}>
          <legend class="field-label">{m.mailWhat}</legend>
          <div role="radiogroup" aria-label={m.mailYourMove} class="mail-choices">
            <span>{m.mailYourMove}</span>
            {YOUR_MOVE.map((choice) => (
              <label class="check" key={choice}>
                <input
                  type="radio"
                  name="mail-your-move"
                  value={choice}
                  checked={settings.yourMove === choice}
                  onChange={() => change({ yourMove: choice })}
                />
                <span>{m[CHOICES[choice]] as string}</span>
              </label>
            ))}
          </div>
          <label class="check">
            <input
              type="checkbox"
              name="mail-rounds"
              checked={settings.rounds}
              onChange={(e) => change({ rounds: (e.target as HTMLInputElement).checked })}
            />
            <span>{m.mailRounds}</span>
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="mail-losses"
              checked={settings.losses}
              onChange={(e) => change({ losses: (e.target as HTMLInputElement).checked })}
            />
            <span>{m.mailLosses}</span>
          </label>
          <p class="hint">{m.mailLanguage}</p>
        </fieldset>
      )}
      <p
        class={said && !said.ok ? 'banner banner-error account-error' : 'account-note'}
        role="status"
        aria-live="polite"
        data-testid="mail-said"
      >
        {said?.text ?? ''}
      </p>
      {address !== null && (
        <div class="action-row">
          <button
            type="button"
            class="action danger"
            disabled={busy}
            onClick={() => run(() => pageMailApi().remove(), m.mailRemoved)}
          >
            {m.mailRemove}
          </button>
        </div>
      )}
    </section>
  );
}
