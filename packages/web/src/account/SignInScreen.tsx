/**
 * Signing in (`#/signin`) and up (`#/signup`): a user name and a password (twice to sign up),
 * the server's refusal in the player's language in a live region, and links between the two.
 * This browser's guest seats go with the request and become the account's (session.ts). After
 * it, the screen goes back where the player came from (`?from=`), else to "my games".
 * Playing without an account stays possible, and the screen says so.
 */

import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_RE } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { OfflineNotice } from '../app/OfflineNotice.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { refusalText } from '../online/errors.js';
import { pageSeats } from '../online/tokens.js';
import { pageAccount, returnTo, useAccount } from './session.js';
import { accountText } from './text.js';
import '../game/game.css';
import '../online/online.css';
import './account.css';

export function SignInScreen({ t, mode }: ScreenProps & { readonly mode: 'signin' | 'signup' }) {
  const a = accountText(t);
  const title = mode === 'signup' ? a.signUpTitle : a.signInTitle;
  useTitle(t.appName, title);
  const account = useAccount();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setError(''), [mode]);
  const seats = pageSeats().all().length;
  const from = new URLSearchParams(location.hash.split('?')[1] ?? '').get('from');
  const keep = from ? `?from=${encodeURIComponent(from)}` : '';

  const submit = (e: Event): void => {
    e.preventDefault();
    if (busy) return;
    const typed = name.trim();
    if (!USER_NAME_RE.test(typed)) return setError(a.errName);
    if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
      return setError(a.errPassword(PASSWORD_MIN, PASSWORD_MAX));
    if (mode === 'signup' && again !== password) return setError(a.errMismatch);
    setError('');
    setBusy(true);
    void pageAccount()
      .enter(mode, typed, password)
      .then((answer) => {
        setBusy(false);
        if (answer.ok) location.hash = returnTo(location.hash);
        else setError(refusalText(t, answer.code, answer.message));
      });
  };

  return (
    <div class="account-screen" data-screen={mode}>
      <h1>{title}</h1>
      <OfflineNotice t={t} />
      {account.user && (
        <p class="account-note" data-testid="already-in">
          {a.alreadyIn(account.user.name)} <a href="#/account">{a.accountTitle}</a>
        </p>
      )}
      <form class="panel account-form" onSubmit={submit} noValidate>
        <label>
          <span class="field-label">{a.userName}</span>
          <input
            type="text"
            name="username"
            class="text-input"
            autoComplete="username"
            autoCapitalize="none"
            spellcheck={false}
            maxLength={20}
            required
            value={name}
            aria-describedby={mode === 'signup' ? 'name-hint' : undefined}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
          />
          {mode === 'signup' && (
            <span class="hint" id="name-hint">
              {a.userNameHint}
            </span>
          )}
        </label>
        <label>
          <span class="field-label">{a.password}</span>
          <input
            type="password"
            name="password"
            class="text-input"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            maxLength={PASSWORD_MAX}
            required
            value={password}
            aria-describedby={mode === 'signup' ? 'password-hint' : undefined}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
          {mode === 'signup' && (
            <span class="hint" id="password-hint">
              {a.passwordHint(PASSWORD_MIN)}
            </span>
          )}
        </label>
        {mode === 'signup' && (
          <label>
            <span class="field-label">{a.passwordAgain}</span>
            <input
              type="password"
              name="password-again"
              class="text-input"
              autoComplete="new-password"
              maxLength={PASSWORD_MAX}
              required
              value={again}
              onInput={(e) => setAgain((e.target as HTMLInputElement).value)}
            />
          </label>
        )}
        <p
          class="banner banner-error account-error"
          role="alert"
          aria-live="assertive"
          data-testid="account-error"
        >
          {error}
        </p>
        <div class="action-row">
          <button type="submit" class="action primary" disabled={busy}>
            {busy ? a.working : mode === 'signup' ? a.signUpButton : a.signInButton}
          </button>
        </div>
        {seats > 0 && <p class="account-note">{a.seatsNote}</p>}
      </form>
      <p class="account-note">
        {mode === 'signup' ? a.toSignIn : a.toSignUp}{' '}
        <a href={`${mode === 'signup' ? '#/signin' : '#/signup'}${keep}`}>
          {mode === 'signup' ? a.toSignInLink : a.toSignUpLink}
        </a>
      </p>
      <p class="account-note">{a.guestNote}</p>
    </div>
  );
}
