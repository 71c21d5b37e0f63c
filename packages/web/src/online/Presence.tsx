/**
 * Presence on the game screen (presence.ts): the dot by a player's name, and the banner of an
 * opponent who left, with the countdown to the claim and then its two buttons. The countdown is
 * shown, not read out: a polite live region says when the opponent left, when the claim becomes
 * possible and when the opponent is back.
 */

import { useEffect, useRef, useState } from 'preact/hooks';
import type { Messages } from '../i18n/index.js';
import { awayPhase, awaySentence, formatCountdown, opponentAway, type AwayPhase } from './presence.js';
import { presenceText } from './presence-text.js';
import type { OnlineState } from './state.js';

/** The dot by a player's name: connected or not (its name says which, with the player's). */
export function PresenceDot(props: {
  readonly t: Messages;
  readonly name: string;
  readonly connected: boolean;
}) {
  const p = presenceText(props.t);
  const word = props.connected ? p.connected : p.away;
  return (
    <span
      class={`presence-dot${props.connected ? ' is-connected' : ' is-away'}`}
      role="img"
      aria-label={p.presenceOf(props.name, word)}
      title={word}
      data-testid="presence-dot"
      data-connected={String(props.connected)}
    />
  );
}

/**
 * The opponent who left: the banner with the countdown, then the claim's buttons, while `live`
 * (our own connection is open: what we know of the opponent is current, and the claim can be
 * sent); and the live region, always present so that its changes are read.
 */
export function AwayBanner(props: {
  readonly t: Messages;
  readonly state: OnlineState;
  readonly live: boolean;
  readonly onClaim: (act: 'win' | 'draw') => void;
}) {
  const { t, state, live, onClaim } = props;
  const p = presenceText(t);
  const [now, setNow] = useState(() => Date.now());
  const away = opponentAway(state, now);
  const counting = away?.claimInMs !== undefined && away.claimInMs > 0;
  useEffect(() => {
    setNow(Date.now());
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [state.presence, counting]);

  // A claim sent: its buttons wait for the answer (the end, or a refusal with new presence).
  const [sent, setSent] = useState(false);
  useEffect(() => setSent(false), [state.presence, state.refused]);

  const phase = awayPhase(away);
  const last = useRef<AwayPhase>('present');
  const [sentence, setSentence] = useState('');
  useEffect(() => {
    if (phase === last.current) return;
    setSentence(awaySentence(p, last.current, phase));
    last.current = phase;
  }, [phase, p]);

  return (
    <>
      <p class="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="presence-live">
        {sentence}
      </p>
      {away && live && (
        <div class="banner banner-away" data-testid="opponent-away">
          <span class="banner-icon" aria-hidden="true">
            ⚠
          </span>
          <span class="banner-text">
            <strong>{p.opponentLeft}</strong>{' '}
            {away.claimInMs === undefined ? null : away.claimInMs > 0 ? (
              <span data-testid="claim-countdown">{p.claimIn(formatCountdown(away.claimInMs))}</span>
            ) : (
              p.claimNow
            )}
          </span>
          {away.claimInMs === 0 && (
            <span class="banner-buttons">
              <button
                type="button"
                class="action primary"
                disabled={sent}
                onClick={() => {
                  setSent(true);
                  onClaim('win');
                }}
              >
                {p.claimVictory}
              </button>
              <button
                type="button"
                class="action"
                disabled={sent}
                onClick={() => {
                  setSent(true);
                  onClaim('draw');
                }}
              >
                {p.claimDraw}
              </button>
            </span>
          )}
        </div>
      )}
    </>
  );
}
