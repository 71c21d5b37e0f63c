/**
 * The rules editor, `#/editor` and `#/editor/ID`: every parameter of docs/rules.md in a form with its
 * explanation, the starting position editor, the name; save to the browser (the home screen then
 * lists the ruleset), delete, export and import as an OTN rules string, and play. A preset opens
 * as a new copy; the player's own ruleset opens to be changed in place. The logic is in
 * editor-model.ts; this screen only draws it and turns events into its calls.
 */

import { PRESETS, type Ruleset } from '@tafl/core';
import { useMemo, useRef, useState } from 'preact/hooks';
import { useDialog } from '../app/dialog.js';
import { ANALYSIS_TEXT } from '../analysis/text.js';
import { makePositionLink } from '../game/links.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import { pageStore } from '../game/storage.js';
import type { Lang } from '../i18n/index.js';
import { deleteCustomRuleset, findRuleset, isCustomId, loadCustomRulesets } from './catalog.js';
import { downloadText, fileName } from './clipboard.js';
import { CopyField } from './CopyField.js';
import { rulesetName } from './describe.js';
import {
  CHOICES,
  FORM,
  MAX_QUIET_PLIES,
  editorFrom,
  exportRules,
  gameUnder,
  importRules,
  positionIssues,
  saveEditor,
  setName,
  setParameter,
  toRuleset,
  type EditorState,
} from './editor-model.js';
import { marksFor, type Parameter } from './explain.js';
import { MarkBadge } from './Marks.js';
import { PositionEditor } from './PositionEditor.js';
import { RulesBody } from './RulesBody.js';
import { RULES_TEXT, type RulesText } from './text/index.js';
import './rules.css';

/** A message for the next editor screen (after a save or a delete moves to another address). */
let flash = '';

export function EditorScreen(props: ScreenProps & { readonly id?: string }) {
  return <Editor key={props.id ?? ''} {...props} />;
}

function initialState(id: string | undefined, lang: Lang): { state: EditorState; missing: boolean } {
  const found = id === undefined ? undefined : findRuleset(id);
  const base = found ?? PRESETS[0]!;
  const name = isCustomId(base.id) ? base.name : RULES_TEXT[lang].editor.copyName(rulesetName(base, lang));
  return { state: editorFrom(base, name), missing: id !== undefined && found === undefined };
}

/** The words of a parameter's value, for a select's option. */
function valueLabel(text: RulesText, key: Parameter, value: unknown): string {
  const v = text.values;
  const pick = <T extends Record<string, string>>(words: T): string =>
    words[String(value) as keyof T] ?? String(value);
  switch (key) {
    case 'size':
      return `${String(value)}x${String(value)}`;
    case 'layout':
      return pick(v.layout);
    case 'firstToMove':
      return pick(v.side);
    case 'soldierMove':
    case 'kingMove':
      return pick(v.move);
    case 'thronePassage':
      return pick(v.passage);
    case 'throneHostileToAttackers':
    case 'throneHostileToDefenders':
      return pick(v.hostility);
    case 'cornerStop':
      return pick(v.cornerStop);
    case 'kingCapture':
      return pick(v.kingCapture);
    case 'kingCaptureOnThrone':
      return pick(v.onThrone);
    case 'kingCaptureNextToThrone':
      return pick(v.nextToThrone);
    case 'escape':
      return pick(v.escape);
    case 'blocked':
      return pick(v.blocked);
    default:
      return value === true ? text.editor.yes : value === false ? text.editor.no : String(value);
  }
}

function Field(props: {
  readonly name: Parameter;
  readonly state: EditorState;
  readonly lang: Lang;
  readonly onChange: (state: EditorState) => void;
}) {
  const { name, state, lang, onChange } = props;
  const text = RULES_TEXT[lang];
  const words = text.parameters[name];
  const id = `ed-${name}`;
  const value = state.parameters[name];
  const marks = marksFor(toRuleset(state, state.id ?? 'custom'), [name], lang);
  const help = (
    <span class="ed-help" id={`${id}-help`}>
      {words.help}
      {marks.map((m) => (
        <MarkBadge key={m.kind} mark={m} withTitle />
      ))}
    </span>
  );
  if (name === 'quietPlyLimit')
    return (
      <div class="ed-field" data-parameter={name}>
        <label for={id}>{words.label}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_QUIET_PLIES}
          step={1}
          value={state.parameters.quietPlyLimit}
          aria-describedby={`${id}-help`}
          onChange={(e) => onChange(setParameter(state, name, Number((e.target as HTMLInputElement).value)))}
        />
        {help}
      </div>
    );
  if (name === 'start') return null;
  const choices = CHOICES[name] as readonly unknown[];
  if (typeof value === 'boolean')
    return (
      <div class="ed-field ed-check" data-parameter={name}>
        <label for={id}>
          <input
            id={id}
            type="checkbox"
            checked={value}
            aria-describedby={`${id}-help`}
            onChange={(e) => onChange(setParameter(state, name, (e.target as HTMLInputElement).checked))}
          />
          <span>{words.label}</span>
        </label>
        {help}
      </div>
    );
  return (
    <div class="ed-field" data-parameter={name}>
      <label for={id}>{words.label}</label>
      <select
        id={id}
        disabled={choices.length < 2}
        aria-describedby={`${id}-help`}
        onChange={(e) => {
          const chosen = choices[Number((e.target as HTMLSelectElement).value)];
          onChange(setParameter(state, name, chosen as never));
        }}
      >
        {choices.map((c, i) => (
          <option
            key={String(c)}
            value={i}
            selected={c === value}
            disabled={name === 'layout' && c === 'custom'}
          >
            {valueLabel(text, name, c)}
          </option>
        ))}
      </select>
      {help}
    </div>
  );
}

function Editor({ lang, t, navigate, id }: ScreenProps & { readonly id?: string }) {
  const text = RULES_TEXT[lang];
  useTitle(t.appName, text.editor.title);
  const [start] = useState(() => initialState(id, lang));
  const [state, setState] = useState(start.state);
  const [status, setStatus] = useState(() => {
    const message = flash;
    flash = '';
    return message;
  });
  const [importing, setImporting] = useState('');
  const [importError, setImportError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const deleteDialog = useDialog<HTMLSpanElement>(confirmDelete, () => setConfirmDelete(false), deleteButton);
  const [preview, setPreview] = useState(false);
  const own = useMemo(() => loadCustomRulesets(), []);
  const issues = positionIssues(state);
  const rules = toRuleset(state, state.id ?? 'custom');
  const otn = exportRules(state);

  const change = (next: EditorState): void => {
    setState(next);
    setStatus('');
  };

  const save = (): Ruleset | undefined => {
    const saved = saveEditor(state, undefined, Date.now());
    if (!saved.ok) {
      setStatus(text.editor.invalid);
      return undefined;
    }
    setState(saved.value.state);
    return saved.value.ruleset;
  };

  const onSave = (): void => {
    const savedId = save()?.id;
    if (savedId === undefined) return;
    if (savedId !== id) {
      flash = text.editor.saved;
      navigate({ screen: 'editor', id: savedId });
    } else setStatus(text.editor.saved);
  };

  // A game of two players on this device under the rules as saved, opened at once.
  const onPlay = (): void => {
    const ruleset = save();
    if (ruleset === undefined) return;
    const game = gameUnder(ruleset, Date.now());
    if (!game.ok) return setStatus(text.editor.invalid);
    pageStore().save(game.value);
    navigate({ screen: 'game', id: game.value.id });
  };

  const onDelete = (): void => {
    if (state.id === undefined) return;
    deleteCustomRuleset(state.id);
    flash = text.editor.deleted;
    navigate({ screen: 'editor' });
  };

  const onImport = (e: Event): void => {
    e.preventDefault();
    const imported = importRules(importing, (preset) => text.editor.copyName(rulesetName(preset, lang)));
    if (!imported.ok) {
      setImportError(imported.message);
      return;
    }
    setImportError(undefined);
    setImporting('');
    change(imported.value);
    setStatus(text.editor.imported);
  };

  return (
    <div class="rp ed" data-editing={state.id ?? ''}>
      <header class="rp-head ed-head">
        <h1>{text.editor.title}</h1>
        <p class="rp-intro">{text.editor.intro}</p>
        {start.missing && <p class="rp-notfound">{text.ui.notFound(id ?? '')}</p>}
        <div class="ed-top">
          <div class="ed-field ed-name">
            <label for="ed-name">{text.editor.name}</label>
            <input
              id="ed-name"
              type="text"
              value={state.name}
              maxLength={80}
              placeholder={text.editor.defaultName}
              onInput={(e) => change(setName(state, (e.target as HTMLInputElement).value))}
            />
          </div>
          <div class="ed-field ed-from">
            <label for="ed-from">{text.editor.startFrom}</label>
            <select
              id="ed-from"
              onChange={(e) => {
                const chosen = (e.target as HTMLSelectElement).value;
                if (chosen) navigate({ screen: 'editor', id: chosen });
              }}
            >
              <option value="">{text.editor.chooseRuleset}</option>
              {[...PRESETS, ...own].map((r) => (
                <option key={r.id} value={r.id}>
                  {rulesetName(r, lang)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </header>

      <div class="ed-layout">
        <div class="ed-main">
          <section class="ed-panel ed-position" aria-labelledby="ed-position-title">
            <h2 id="ed-position-title">{text.editor.position}</h2>
            <PositionEditor state={state} lang={lang} t={t} onChange={change} />
          </section>

          <div class="ed-form">
            {FORM.map((group) => (
              <fieldset class="ed-panel ed-group" key={group.section} data-section={group.section}>
                <legend>{text.sections[group.section]}</legend>
                {group.parameters.map((name) => (
                  <Field key={name} name={name} state={state} lang={lang} onChange={change} />
                ))}
              </fieldset>
            ))}
          </div>
        </div>

        <div class="ed-transfer">
          <section class="ed-panel" aria-labelledby="ed-export-title">
            <h2 id="ed-export-title">{text.editor.exportTitle}</h2>
            <p class="rp-help">{text.editor.exportHelp}</p>
            <CopyField
              text={otn}
              label={text.editor.exportTitle}
              copy={text.ui.copy}
              copied={text.ui.copied}
              rows={5}
            >
              <button
                type="button"
                class="action small"
                onClick={() => downloadText(fileName(state.name || text.editor.defaultName), `${otn}\n`)}
              >
                {text.editor.download}
              </button>
            </CopyField>
          </section>
          <form class="ed-panel" aria-labelledby="ed-import-title" onSubmit={onImport}>
            <h2 id="ed-import-title">{text.editor.importTitle}</h2>
            <p class="rp-help" id="ed-import-help">
              {text.editor.importHelp}
            </p>
            <textarea
              class="rp-otn"
              rows={3}
              value={importing}
              aria-labelledby="ed-import-title"
              aria-describedby="ed-import-help"
              spellcheck={false}
              onInput={(e) => setImporting((e.target as HTMLTextAreaElement).value)}
            />
            <div class="action-row">
              <button type="submit" class="action small" disabled={importing.trim() === ''}>
                {text.editor.importButton}
              </button>
            </div>
            {importError !== undefined && (
              <p class="rp-error" role="alert">
                {text.editor.importError} <span class="rp-error-detail">{importError}</span>
              </p>
            )}
          </form>
        </div>

        <details
          class="ed-panel ed-preview"
          onToggle={(e) => setPreview((e.target as HTMLDetailsElement).open)}
        >
          <summary>{text.editor.preview}</summary>
          {preview && <RulesBody rules={rules} lang={lang} t={t} diagrams />}
        </details>
      </div>

      <div class="ed-actions" role="group" aria-label={text.editor.title}>
        <span class="rp-status" role="status">
          {status}
        </span>
        <div class="action-row">
          {state.id !== undefined && (
            <button
              ref={deleteButton}
              type="button"
              class="action subtle"
              hidden={confirmDelete}
              onClick={() => setConfirmDelete(true)}
            >
              {text.editor.delete}
            </button>
          )}
          {state.id !== undefined && confirmDelete && (
            <span
              class="ed-confirm"
              role="group"
              aria-label={text.editor.confirmDelete(state.name)}
              {...deleteDialog}
            >
              {text.editor.confirmDelete(state.name)}
              <button type="button" class="action small danger" onClick={onDelete}>
                {text.editor.delete}
              </button>
              <button
                type="button"
                class="action small"
                data-autofocus
                onClick={() => setConfirmDelete(false)}
              >
                {text.editor.no}
              </button>
            </span>
          )}
          {state.id !== undefined && (
            <a class="action subtle" href={`#/rules/${encodeURIComponent(state.id)}`}>
              {text.editor.rulesPage}
            </a>
          )}
          <button type="button" class="action" disabled={issues.length > 0} onClick={onSave}>
            {text.editor.save}
          </button>
          <button type="button" class="action primary" disabled={issues.length > 0} onClick={onPlay}>
            {text.editor.play}
          </button>
          {issues.length === 0 && (
            <a
              class="action"
              data-testid="editor-analysis"
              href={makePositionLink(rules, rules.start, rules.firstToMove).replace('#/open?', '#/analysis?')}
            >
              {ANALYSIS_TEXT[lang].openBoard}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
