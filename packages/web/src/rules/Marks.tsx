/** The marks of docs/rules.md (reading, house rule) as the pages show them: a badge after the sentence, the note beneath it. */

import type { Mark } from './explain.js';

export function MarkBadge({
  mark,
  withTitle = false,
}: {
  readonly mark: Mark;
  readonly withTitle?: boolean;
}) {
  return (
    <span class="rp-mark" data-kind={mark.kind} {...(withTitle ? { title: mark.text } : {})}>
      {mark.label}
    </span>
  );
}

export function MarkNote({ mark }: { readonly mark: Mark }) {
  return (
    <span class="rp-note" data-kind={mark.kind}>
      {mark.text}
    </span>
  );
}
