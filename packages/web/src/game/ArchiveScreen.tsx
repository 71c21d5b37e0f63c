/**
 * The archive ("Finished games"): a signed-in player's finished online games first (MyGames, on
 * any device: the result, the rating change, replay and analysis; account/FinishedGames.tsx),
 * then the finished games kept on this device, newest first, each opening the game screen to
 * replay it; and the import of OTN game records, from a file, the clipboard or pasted text.
 * An imported game goes where it belongs (in progress or finished); a single game opens at once,
 * a file of several (a match, a collection) is imported whole and summed up. A record that cannot
 * be imported says why, in the player's language, with the details and, in a file, its line.
 */

import { opposite, type Side } from '@tafl/core';
import type { PlayerGame } from '@tafl/server/protocol';
import { useEffect, useState } from 'preact/hooks';
import { pageAccountApi } from '../account/api.js';
import { FinishedGames } from '../account/FinishedGames.js';
import { pageAccount, useAccount } from '../account/session.js';
import { playText } from '../online/play-text.js';
import { moveNumber } from '../analysis/numbering.js';
import type { ScreenProps } from '../app/screen.js';
import { useTitle } from '../app/title.js';
import type { Messages } from '../i18n/index.js';
import { loadCustomRulesets } from '../rules/catalog.js';
import { importFailureSentence } from './feedback-text.js';
import { GameSummary } from './GameSummary.js';
import { RulesQuestion } from './ImportRules.js';
import { IMPORT_ERRORS, importRecords, isBareMoveList, type ImportFailure } from './records.js';
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
      return failure.ply === undefined
        ? t.importErrorMoves
        : t.importErrorMove(recordMoveNumber(failure.ply, failure.side));
  }
}

/**
 * The number of the move that failed, as players count moves (the attackers' move and the
 * defenders' reply are one): the first side is known from the side of the failing ply.
 */
function recordMoveNumber(ply: number, side: Side | undefined): number {
  const index = ply - 1;
  const first = side && (index % 2 === 0 ? side : opposite(side));
  return moveNumber(index, first ?? 'attackers');
}

export function ArchiveScreen({ lang, t, navigate }: ScreenProps) {
  useTitle(t.appName, t.archiveTitle);
  const store = pageStore();
  const [games, setGames] = useState(() => store.archive());
  const [text, setText] = useState('');
  const [error, setError] = useState<ImportFailure | undefined>();
  const [summary, setSummary] = useState<Summary | undefined>();
  const [note, setNote] = useState('');
  /** A bare move list waiting for its ruleset. */
  const [asking, setAsking] = useState<string | undefined>();
  const importOpen = location.hash.includes('?import');

  const doImport = (record: string): void => {
    setAsking(undefined);
    if (isBareMoveList(record)) {
      setError(undefined);
      setSummary(undefined);
      setAsking(record);
      return;
    }
    const { games: imported, failures } = importRecords(record, loadCustomRulesets());
    const total = imported.length + failures.length;
    for (const game of imported) store.save(game);
    if (total <= 1) {
      setSummary(undefined);
      const [game] = imported;
      if (game) navigate({ screen: 'game', id: game.id });
      else setError(failures[0] ?? { ok: false, code: IMPORT_ERRORS.empty, message: 'the record is empty' });
      return;
    }
    setError(undefined);
    setSummary({ imported: imported.length, total, failures });
    setGames(store.archive());
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

  const online = useFinishedOnline();
  const p = playText(t);
  const both = online !== undefined && online.length > 0;
  return (
    <div class="archive">
      <section class="panel" aria-labelledby="archive-title">
        <h1 id="archive-title">{t.archiveTitle}</h1>
        {both && (
          <>
            <h2 class="archive-part">{p.finishedOnlineTitle}</h2>
            <FinishedGames t={t} lang={lang} games={online} />
            {games.length > 0 && <h2 class="archive-part">{p.finishedHereTitle}</h2>}
          </>
        )}
        {games.length === 0 ? (
          !both && <p class="empty">{t.archiveEmpty}</p>
        ) : (
          <ul class="game-list" data-testid="finished-here">
            {games.map((g) => (
              <GameSummary
                key={g.id}
                t={t}
                lang={lang}
                game={g}
                action={t.replay}
                analysis
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
            {asking !== undefined && (
              <RulesQuestion
                t={t}
                lang={lang}
                text={asking}
                own={loadCustomRulesets()}
                onImported={(game) => {
                  store.save(game);
                  navigate({ screen: 'game', id: game.id });
                }}
                onCancel={() => setAsking(undefined)}
              />
            )}
            {error && (
              <div class="banner banner-error" role="alert">
                <span class="banner-text">
                  <ImportError t={t} failure={error} strong />
                </span>
              </div>
            )}
            {summary && <ImportSummary t={t} summary={summary} />}
          </form>
        </details>
      </section>
    </div>
  );
}

/**
 * The signed-in player's finished online games, read once when the screen opens (and when who is
 * signed in changes); undefined while unknown or signed out.
 */
function useFinishedOnline(): readonly PlayerGame[] | undefined {
  const account = useAccount();
  const [finished, setFinished] = useState<readonly PlayerGame[] | undefined>();
  const user = account.user?.id;
  useEffect(() => {
    setFinished(undefined);
    if (user === undefined) return;
    let alive = true;
    void pageAccountApi()
      .myGames()
      .then((answer) => {
        if (!alive || !answer.ok) return;
        setFinished(answer.value.finished);
        pageAccount().counted(answer.value);
      });
    return () => {
      alive = false;
    };
  }, [user]);
  return finished;
}

/** A failure in one sentence naming the line and the move, else the kind of error and the details. */
function ImportError(props: {
  readonly t: Messages;
  readonly failure: ImportFailure;
  readonly strong?: boolean;
}) {
  const { t, failure } = props;
  const sentence = importFailureSentence(t, failure);
  const Text = props.strong ? 'strong' : 'span';
  if (sentence !== undefined) return <Text>{sentence}</Text>;
  return (
    <>
      <Text>{importErrorText(t, failure)}</Text> <span class="detail">{failure.message}</span>
    </>
  );
}

interface Summary {
  readonly imported: number;
  readonly total: number;
  readonly failures: readonly (ImportFailure & { readonly line: number })[];
}

/** A file of several records, imported: how many games, and each record that failed, by line. */
function ImportSummary({ t, summary }: { readonly t: Messages; readonly summary: Summary }) {
  const failed = summary.failures.length > 0;
  return (
    <div
      class={`banner ${failed ? 'banner-error' : 'banner-info'} import-summary`}
      role={failed ? 'alert' : 'status'}
    >
      <span class="banner-text">
        <strong>{t.importedGames(summary.imported, summary.total)}</strong>
        {failed && (
          <ul class="import-failures">
            {summary.failures.map((f) => (
              <li key={f.line} data-line={f.line}>
                {t.importRecordAt(f.line)} <ImportError t={t} failure={f} />
              </li>
            ))}
          </ul>
        )}
      </span>
    </div>
  );
}
