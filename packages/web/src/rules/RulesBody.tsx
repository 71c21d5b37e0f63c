/**
 * A ruleset explained: its sections of sentences with their marks, and, on a rules page, the
 * starting position and the diagrams beside the sentences they illustrate. The editor shows the
 * same body without diagrams, so a custom ruleset reads exactly as a page will.
 */

import { geometry, type Ruleset } from '@tafl/core';
import type { Lang, Messages } from '../i18n/index.js';
import { BoardPicture } from './BoardPicture.js';
import { DiagramFigure } from './DiagramFigure.js';
import { diagramsFor } from './diagrams.js';
import { explainRuleset, type Sentence } from './explain.js';
import { MarkBadge, MarkNote } from './Marks.js';
import { RULES_TEXT } from './text/index.js';

function SentenceItem({ sentence }: { readonly sentence: Sentence }) {
  return (
    <li
      class={sentence.marks.length > 0 ? 'rp-sentence has-mark' : 'rp-sentence'}
      data-parameters={sentence.parameters.join(' ')}
    >
      <span class="rp-text">{sentence.text}</span>
      {sentence.marks.map((m) => (
        <MarkBadge key={m.kind} mark={m} />
      ))}
      {sentence.marks.map((m) => (
        <MarkNote key={m.kind} mark={m} />
      ))}
    </li>
  );
}

export function RulesBody(props: {
  readonly rules: Ruleset;
  readonly lang: Lang;
  readonly t: Messages;
  readonly diagrams: boolean;
}) {
  const { rules, lang, t } = props;
  const text = RULES_TEXT[lang];
  const sections = explainRuleset(rules, lang);
  const figures = props.diagrams ? diagramsFor(rules) : [];
  const geo = geometry(rules.size);
  return (
    <>
      {sections.map((s) => {
        const here = figures.filter((d) => d.section === s.id);
        const start = props.diagrams && s.id === 'board';
        return (
          <section class="rp-section" id={`rules-${s.id}`} key={s.id} aria-labelledby={`rules-${s.id}-title`}>
            <h2 id={`rules-${s.id}-title`}>{s.title}</h2>
            <div class={`rp-section-body${(start ? 1 : 0) + here.length === 1 ? ' is-single' : ''}`}>
              <ul class="rp-sentences">
                {s.sentences.map((x, i) => (
                  <SentenceItem key={i} sentence={x} />
                ))}
              </ul>
              {(start || here.length > 0) && (
                <div class="rp-diagrams">
                  {start && (
                    <figure class="rp-diagram rp-start">
                      <BoardPicture
                        size={rules.size}
                        position={rules.start}
                        throne={geo.throne}
                        corners={geo.corners}
                        edgeEscape={rules.escape === 'edge'}
                        t={t}
                        label={text.ui.startPosition}
                      />
                      <figcaption>{text.ui.startPosition}</figcaption>
                    </figure>
                  )}
                  {here.map((d) => (
                    <DiagramFigure key={d.caption} rules={rules} diagram={d} lang={lang} t={t} />
                  ))}
                </div>
              )}
            </div>
          </section>
        );
      })}
    </>
  );
}
