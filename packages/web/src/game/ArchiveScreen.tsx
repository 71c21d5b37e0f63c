/**
 * The archive: the finished games kept on this device, newest first, each opening the game screen
 * to replay it; and the import of OTN game records, from a file, the clipboard or pasted text.
 * An imported game goes where it belongs (in progress or finished) and opens at once; a record
 * that cannot be imported says why, in the player's language, with the details.
 */

import { useState } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import type { Messages } from '../i18n/index.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { GameSummary } from './GameSummary.js';
import { IMPORT_ERRORS, importRecord, type ImportFailure } from './records.js';
import { pageStore } from './storage.js';
import './game.css';

export function importErrorText(t: Messages, failure: ImportFailure): string {
  switch (failure.code) {
    case IMPORT_ERRORS.empty:
      return t.importErrorEmpty;
    case IMPORT_ERRORS.several:
      return t.importErrorRecordCount(failure.records ?? 2);
    case IMPORT_ERRORS.syntax:
      return t.importErrorSyntax;
    case IMPORT_ERRORS.rules:
      return t.importErrorRules;
    case IMPORT_ERRORS.position:
      return t.importErrorPosition;
    case IMPORT_ERRORS.move:
      return failure.ply === undefined ? t.importErrorMoves : t.importErrorMove(failure.ply);
  }
}

export function ArchiveScreen({ lang, t, navigate }: ScreenProps) {
  const store = pageStore();
  const [games, setGames] = useState(() => store.archive());
  const [text, setText] = useState('');
  const [error, setError] = useState<ImportFailure | undefined>();
  const [note, setNote] = useState('');
  const importOpen = location.hash.includes('?import');

  const doImport = (record: string): void => {
    const imported = importRecord(record, loadCustomRulesets());
    if (!imported.ok) {
      setError(imported);
      return;
    }
    setError(undefined);
    store.save(imported.value);
    navigate({ screen: 'game', id: imported.value.id });
  };

  const readFile = (input: HTMLInputElement): void => {
    const file = input.files?.[0];
    if (!file) return;
    void file.text().then((content) => {
      setText(content);
      doImport(content);
      input.value = '';
    });
  };

  const paste = (): void => {
    navigator.clipboard
      .readText()
      .then((content) => {
        setText(content);
        setNote('');
      })
      .catch(() => setNote(t.pasteFailed));
  };

  return (
    <div class="archive">
      <section class="panel" aria-labelledby="archive-title">
        <h1 id="archive-title">{t.archiveTitle}</h1>
        {games.length === 0 ? (
          <p class="empty">{t.archiveEmpty}</p>
        ) : (
          <ul class="game-list">
            {games.map((g) => (
              <GameSummary
                key={g.id}
                t={t}
                lang={lang}
                game={g}
                action={t.replay}
                onDelete={() => {
                  store.remove(g.id);
                  setGames(store.archive());
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <section class="panel import" id="import" aria-labelledby="import-title">
        <details open={importOpen || undefined}>
          <summary>
            <h2 id="import-title">{t.importTitle}</h2>
          </summary>
          <p>{t.importText}</p>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              doImport(text);
            }}
          >
            <label class="record-label">
              {t.importPaste}
              <textarea
                class="record-text"
                name="record"
                rows={8}
                spellcheck={false}
                value={text}
                onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
                placeholder={'[rules:dim:7 ...]\n\n1. d2-e2 d5-f5\n2. ...'}
              />
            </label>
            <div class="action-row">
              <button type="submit" class="action primary" disabled={text.trim() === ''}>
                {t.importButton}
              </button>
              <label class="action file-button">
                {t.importFile}
                <input
                  type="file"
                  accept=".otg,.txt,text/plain"
                  onChange={(e) => readFile(e.target as HTMLInputElement)}
                />
              </label>
              <button type="button" class="action" onClick={paste}>
                {t.importClipboard}
              </button>
            </div>
            {note && <p class="note">{note}</p>}
            {error && (
              <div class="banner banner-error" role="alert">
                <span class="banner-text">
                  <strong>{importErrorText(t, error)}</strong>
                  <span class="detail">{error.message}</span>
                </span>
              </div>
            )}
          </form>
        </details>
      </section>
    </div>
  );
}
