/**
 * Taking a game elsewhere: its OTN record as a file or on the clipboard, and a link that opens it
 * (at the shown move) on any device. The record is also shown, for copying by hand where the
 * clipboard is not allowed. Where OpenTafl plays the game's rules as we do, the record is also
 * offered as OpenTafl opens it (records.ts, `exportOpenTaflRecord`).
 */

import { makePosition, type Position, type Ruleset } from '@tafl/core';
import { useState } from 'preact/hooks';
import type { Lang, Messages } from '../i18n/index.js';
import { Icon } from './icons.js';
import { makeLink, makePositionLink } from './links.js';
import type { Game } from './model.js';
import { exportOpenTaflRecord, exportRecord, openTaflExportable, recordFileName } from './records.js';

export interface ExportPanelProps {
  readonly t: Messages;
  readonly lang: Lang;
  readonly game: Game;
  readonly rules: Ruleset;
  readonly shown: number;
  /** The position shown, for a link that starts a game from it. */
  readonly position: Position;
}

/** Puts text on the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Offers text as a file to download. */
export function downloadText(text: string, name: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportPanel({ t, game, rules, shown, position }: ExportPanelProps) {
  const [note, setNote] = useState('');
  const [open, setOpen] = useState(false);
  const names = { person: t.recordPlayer, computer: (level: number) => t.playerComputer(level) };
  const recordText = (): string => {
    const record = exportRecord(game, names);
    return record.ok ? record.value : '';
  };
  const openTaflText = (): string => {
    const record = exportOpenTaflRecord(game, names);
    return record.ok ? record.value : '';
  };
  const page = (hash: string): string => `${location.origin}${location.pathname}${hash}`;
  const gameLink = (): string => page(makeLink(game, shown));
  const positionLink = (): string =>
    page(makePositionLink(rules, makePosition(rules.size, position.toSetup().board), position.turn));
  const copy = (value: string): void => {
    void copyText(value).then((done) => setNote(done ? t.copied : t.copyFailed));
  };
  return (
    <details class="export" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t.exportTitle}</summary>
      <div class="action-row">
        <button
          type="button"
          class="action"
          data-action="download"
          onClick={() => downloadText(recordText(), recordFileName(game, rules))}
        >
          <Icon name="download" /> {t.downloadRecord}
        </button>
        <button type="button" class="action" onClick={() => copy(recordText())}>
          <Icon name="copy" /> {t.copyRecord}
        </button>
        {openTaflExportable(rules) && (
          <button
            type="button"
            class="action"
            data-action="download-opentafl"
            title={t.downloadOpenTaflHint}
            onClick={() => downloadText(openTaflText(), recordFileName(game, rules, true))}
          >
            <Icon name="download" /> {t.downloadOpenTafl}
          </button>
        )}
        <button type="button" class="action" onClick={() => copy(gameLink())}>
          <Icon name="link" /> {t.copyLink}
        </button>
        <button type="button" class="action" onClick={() => copy(positionLink())}>
          <Icon name="link" /> {t.copyPositionLink}
        </button>
      </div>
      <p class="note" role="status">
        {note}
      </p>
      {open && (
        <label class="record-label">
          {t.recordText}
          <textarea class="record-text" readOnly rows={8} value={recordText()} />
        </label>
      )}
    </details>
  );
}
