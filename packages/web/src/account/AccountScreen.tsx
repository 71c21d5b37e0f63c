/**
 * The account page (`#/account`): who is signed in, links to the player page and to "my games",
 * changing the password (the other sessions end), signing out here or everywhere, and deleting
 * the account (its password and an explicit confirmation; the games stay under "deleted player").
 * When the server sends mail, its Email panel (MailPanel.tsx): the address and what to send.
 * Signed out, it offers to sign in or up.
 */

import { PASSWORD_MAX, PASSWORD_MIN } from '@tafl/server/protocol';
import { useState } from 'preact/hooks';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { refusalText } from '../online/errors.js';
import { pageAccountApi } from './api.js';
import { pageAccount, useAccount } from './session.js';
import { playerHref } from './state.js';
import { MailPanel } from './MailPanel.js';
import { accountText, type AccountText } from './text.js';
import '../game/game.css';
import '../online/online.css';
import './account.css';

export function AccountScreen({ lang, t }: ScreenProps) {
  const a = accountText(t);
  useTitle(t.appName, a.accountTitle);
  const account = useAccount();
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);

  if (!account.loaded)
    return (
      <div class="account-screen">
        <p role="status">{a.loading}</p>
      </div>
    );
  // Offline: who is signed in is not known until the network is back.
  if (account.unknown)
    return (
      <div class="account-screen" data-screen="account">
        <h1>{a.accountTitle}</h1>
        <OfflineNotice t={t} />
      </div>
    );
  const user = account.user;
  if (!user)
    return (
      <div class="account-screen" data-screen="account">
        <h1>{a.notSignedIn}</h1>
        {said && (
          <p class="account-note" role="status">
            {said}
          </p>
        )}
        <p>{a.signInToSee}</p>
        <p class="action-row">
          <a class="action primary" href="#/signin?from=%23%2Faccount">
            {a.signInButton}
          </a>
          <a class="action" href="#/signup?from=%23%2Faccount">
            {a.signUpTitle}
          </a>
        </p>
      </div>
    );

  const out = (everywhere: boolean): void => {
    setBusy(true);
    void pageAccount()
      .signOut(everywhere)
      .then((answer) => {
        setBusy(false);
        if (!answer.ok && answer.code !== 'auth/required')
          setSaid(refusalText(t, answer.code, answer.message));
      });
  };

  return (
    <div class="account-screen" data-screen="account">
      <h1>{a.accountTitle}</h1>
      <section class="panel" aria-labelledby="account-who">
        <h2 id="account-who" data-testid="signed-in-as">
          {a.signedInAs(user.name)}
        </h2>
        <p class="account-note">
          {a.memberSince(new Date(user.createdAt).toLocaleDateString(lang, { dateStyle: 'long' }))}
        </p>
        <p class="action-row">
          <a class="action" href={playerHref(user.name)}>
            {a.playerPage}
          </a>
          <a class="action" href="#/games">
            {a.myGamesLink}
          </a>
        </p>
        <div class="action-row">
          <button type="button" class="action primary" disabled={busy} onClick={() => out(false)}>
            {a.signOut}
          </button>
          <button type="button" class="action" disabled={busy} onClick={() => out(true)}>
            {a.signOutAll}
          </button>
        </div>
        <p class="account-note">{a.signOutAllNote}</p>
        <p class="account-note" role="status">
          {said}
        </p>
      </section>
      {account.mail && <MailPanel t={t} lang={lang} />}
      <PasswordForm t={t} a={a} name={user.name} />
      <DeleteForm t={t} a={a} />
    </div>
  );
}

function PasswordForm({
  t,
  a,
  name,
}: {
  readonly t: ScreenProps['t'];
  readonly a: AccountText;
  readonly name: string;
}) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [said, setSaid] = useState<{ ok: boolean; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="panel account-form"
      aria-labelledby="account-password"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        if (next.length < PASSWORD_MIN || next.length > PASSWORD_MAX)
          return setSaid({ ok: false, text: a.errPassword(PASSWORD_MIN, PASSWORD_MAX) });
        setBusy(true);
        void pageAccountApi()
          .password(current, next)
          .then((answer) => {
            setBusy(false);
            if (answer.ok) {
              setCurrent('');
              setNext('');
              setSaid({ ok: true, text: a.passwordChanged });
            } else setSaid({ ok: false, text: refusalText(t, answer.code, answer.message) });
          });
      }}
    >
      <h2 id="account-password">{a.changePassword}</h2>
      {/* For password managers: whose password changes. */}
      <input type="text" name="username" autoComplete="username" value={name} hidden readOnly />
      <label>
        <span class="field-label">{a.currentPassword}</span>
        <input
          type="password"
          name="current-password"
          class="text-input"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={current}
          onInput={(e) => setCurrent((e.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        <span class="field-label">{a.newPassword}</span>
        <input
          type="password"
          name="new-password"
          class="text-input"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          value={next}
          onInput={(e) => setNext((e.target as HTMLInputElement).value)}
        />
        <span class="hint">{a.passwordHint(PASSWORD_MIN)}</span>
      </label>
      <p
        class={said && !said.ok ? 'banner banner-error account-error' : 'account-note'}
        role="status"
        aria-live="polite"
      >
        {said?.text ?? ''}
      </p>
      <div class="action-row">
        <button type="submit" class="action" disabled={busy}>
          {a.changeButton}
        </button>
      </div>
    </form>
  );
}

function DeleteForm({ t, a }: { readonly t: ScreenProps['t']; readonly a: AccountText }) {
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="panel account-form danger-zone"
      aria-labelledby="account-delete"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (busy || !sure) return;
        setBusy(true);
        void pageAccountApi()
          .remove(password)
          .then((answer) => {
            setBusy(false);
            if (answer.ok) {
              pageAccount().signedOut();
              location.hash = '#/';
            } else setError(refusalText(t, answer.code, answer.message));
          });
      }}
    >
      <h2 id="account-delete">{a.deleteTitle}</h2>
      <p class="account-note">{a.deleteNote}</p>
      <label>
        <span class="field-label">{a.password}</span>
        <input
          type="password"
          name="delete-password"
          class="text-input"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={sure}
          onChange={(e) => setSure((e.target as HTMLInputElement).checked)}
        />
        <span>{a.deleteConfirm}</span>
      </label>
      <p class="banner banner-error account-error" role="alert">
        {error}
      </p>
      <div class="action-row">
        <button type="submit" class="action danger" disabled={busy || !sure || password === ''}>
          {a.deleteButton}
        </button>
      </div>
    </form>
  );
}
