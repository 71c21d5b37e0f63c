/** A line of text to copy: shown in full, selectable, with a copy button that says when it worked. */

import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { copyText } from './clipboard.js';

export function CopyField(props: {
  readonly text: string;
  readonly label: string;
  readonly copy: string;
  readonly copied: string;
  readonly rows?: number;
  readonly children?: ComponentChildren;
}) {
  const [done, setDone] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const onCopy = async (): Promise<void> => {
    const ok = await copyText(props.text);
    if (!ok) ref.current?.select();
    setDone(ok);
    if (ok) setTimeout(() => setDone(false), 2000);
  };
  return (
    <div class="rp-copy">
      <textarea
        ref={ref}
        class="rp-otn"
        readOnly
        rows={props.rows ?? 3}
        aria-label={props.label}
        value={props.text}
        onFocus={(e) => (e.target as HTMLTextAreaElement).select()}
      />
      <div class="action-row">
        <button type="button" class="action small" onClick={() => void onCopy()}>
          {props.copy}
        </button>
        {props.children}
        <span class="rp-status" role="status">
          {done ? props.copied : ''}
        </span>
      </div>
    </div>
  );
}
