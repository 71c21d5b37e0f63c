/**
 * The question a bare move list asks on import: which ruleset it follows. The rulesets that play
 * every move come first, the detected one (the first of them) chosen; the others follow by how far
 * they get. Each radio is named by its ruleset alone; that every move is legal under it is its
 * description. An import that fails says so in one sentence naming the line and the move.
 */

import type { Ruleset } from '@tafl/core';
import { useMemo, useState } from 'preact/hooks';
import { useDialog } from '../app/dialog.js';
import type { Lang, Messages } from '../i18n/index.js';
import { describeRuleset } from '../rules/describe.js';
import { feedbackText, importFailureSentence } from './feedback-text.js';
import type { Game } from './model.js';
import { importMoveList, rulesFits, type ImportFailure } from './records.js';
import './feedback.css';

export function RulesQuestion(props: {
  readonly t: Messages;
  readonly lang: Lang;
  /** The move list, as pasted or read from a file. */
  readonly text: string;
  readonly own: readonly Ruleset[];
  readonly onImported: (game: Game) => void;
  readonly onCancel: () => void;
}) {
  const { t, lang, text, own } = props;
  const f = feedbackText(t);
  const fits = useMemo(() => rulesFits(text, own), [text, own]);
  const [chosen, setChosen] = useState(() => fits[0]?.rules.id);
  const [error, setError] = useState<ImportFailure | undefined>();
  const detected = fits[0]?.fits === true;

  const submit = (): void => {
    const rules = fits.find((fit) => fit.rules.id === chosen)?.rules;
    if (!rules) return;
    const imported = importMoveList(text, rules);
    if (imported.ok) props.onImported(imported.value);
    else setError(imported);
  };

  // A dialog (app/dialog.ts): the focus on the chosen ruleset, Escape cancels, the focus goes back.
  const dialog = useDialog<HTMLFieldSetElement>(true, props.onCancel);
  return (
    <fieldset class="rules-question" data-testid="rules-question" {...dialog}>
      <legend>{f.rulesQuestion}</legend>
      {!detected && <p class="note">{f.rulesNoneFits}</p>}
      <ul class="rules-choices">
        {fits.map((fit) => (
          <li key={fit.rules.id} data-rules={fit.rules.id}>
            <label>
              <input
                type="radio"
                name="import-rules"
                value={fit.rules.id}
                checked={fit.rules.id === chosen}
                {...(fit.fits ? { 'aria-describedby': `fits-${fit.rules.id}` } : {})}
                onChange={() => {
                  setChosen(fit.rules.id);
                  setError(undefined);
                }}
              />{' '}
              {describeRuleset(fit.rules, lang).name}
            </label>
            {fit.fits && (
              <span class="note" id={`fits-${fit.rules.id}`}>
                {' '}
                — {f.rulesDetected}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div class="action-row">
        <button type="button" class="action primary" onClick={submit}>
          {f.importWithRules}
        </button>
        <button type="button" class="action" onClick={props.onCancel}>
          {f.cancel}
        </button>
      </div>
      {error && (
        <p class="banner banner-error" role="alert">
          <span class="banner-text">{importFailureSentence(t, error) ?? t.importErrorMoves}</span>
        </p>
      )}
    </fieldset>
  );
}
