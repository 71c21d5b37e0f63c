/**
 * The rules: `#/rules` lists every ruleset, `#/rules/ID` explains one (a preset or the player's
 * own) from its parameters, in the player's language, with the marks of docs/rules.md, diagrams the
 * core has played, where the rules come from, and the OTN rules string to take elsewhere.
 */

import { PRESETS, makeRules, type Ruleset } from '@tafl/core';
import { useMemo } from 'preact/hooks';
import type { ScreenProps } from '../app/screen.js';
import { rulesTitle, useTitle } from '../app/title.js';
import type { Lang } from '../i18n/index.js';
import { findRuleset, isCustomId, loadCustomRulesets } from './catalog.js';
import { CopyField } from './CopyField.js';
import { describeRuleset, rulesetSource } from './describe.js';
import { MarkBadge } from './Marks.js';
import { RulesBody } from './RulesBody.js';
import { RULES_TEXT } from './text/index.js';
import { LEARN_TEXT } from '../lessons/text/index.js';
import './rules.css';

/** presets.ts lists the six rulesets of the leaflets first, then the reference rulesets. */
const LEAFLETS = 6;

export function RulesScreen(props: ScreenProps & { readonly id?: string }) {
  useTitle(props.t.appName, ...rulesTitle(props.t, props.lang, props.id));
  return props.id === undefined ? <RulesIndex {...props} /> : <RulesPage {...props} id={props.id} />;
}

function RulesetCards({ list, lang }: { readonly list: readonly Ruleset[]; readonly lang: Lang }) {
  return (
    <ul class="rp-cards">
      {list.map((rules) => {
        const d = describeRuleset(rules, lang);
        return (
          <li key={rules.id}>
            <a class={`rp-card game-${rules.game}`} href={`#/rules/${encodeURIComponent(rules.id)}`}>
              <span class="rp-card-name">{d.name}</span>
              <span class="rp-card-line">{d.oneLine}</span>
              <span class="rp-card-source">{rulesetSource(rules, lang)}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function RulesIndex({ lang }: ScreenProps) {
  const text = RULES_TEXT[lang];
  const own = useMemo(() => loadCustomRulesets(), []);
  return (
    <div class="rp rp-index">
      <header class="rp-head">
        <h1>{text.ui.title}</h1>
        <p class="rp-intro">{text.ui.intro}</p>
      </header>
      <section class="rp-group" aria-labelledby="rp-leaflets">
        <h2 id="rp-leaflets">{text.ui.leaflets}</h2>
        <RulesetCards list={PRESETS.slice(0, LEAFLETS)} lang={lang} />
      </section>
      <section class="rp-group" aria-labelledby="rp-references">
        <h2 id="rp-references">{text.ui.references}</h2>
        <RulesetCards list={PRESETS.slice(LEAFLETS)} lang={lang} />
      </section>
      <section class="rp-group" aria-labelledby="rp-yours">
        <h2 id="rp-yours">{text.ui.yours}</h2>
        {own.length > 0 ? <RulesetCards list={own} lang={lang} /> : <p class="rp-empty">{text.ui.noneYet}</p>}
        <p>
          <a class="action" href="#/editor">
            {text.ui.openEditor}
          </a>
        </p>
      </section>
    </div>
  );
}

function RulesPage({ lang, t, id }: ScreenProps & { readonly id: string }) {
  const text = RULES_TEXT[lang];
  const rules = useMemo(() => findRuleset(id), [id]);
  if (!rules)
    return (
      <div class="rp">
        <p class="rp-notfound">{text.ui.notFound(id)}</p>
        <p>
          <a href="#/rules">{text.ui.allRulesets}</a>
        </p>
      </div>
    );
  const d = describeRuleset(rules, lang);
  const own = isCustomId(rules.id);
  const otn = makeRules(rules);
  return (
    <article class="rp rp-page" data-ruleset={rules.id}>
      <nav class="rp-back">
        <a href="#/rules">← {text.ui.allRulesets}</a>
      </nav>
      <header class="rp-hero">
        <h1>{d.name}</h1>
        <p class="rp-line">{d.oneLine}</p>
        <p class="rp-source">
          <span class="rp-label">{text.ui.source}:</span> {rulesetSource(rules, lang)}
        </p>
        <div class="action-row">
          <a class="action primary" href="#/">
            {text.ui.play}
          </a>
          <a class="action" href={`#/editor/${encodeURIComponent(rules.id)}`}>
            {own ? text.ui.edit : text.ui.editCopy}
          </a>
          <a class="action rp-learn" href={`#/learn/${encodeURIComponent(rules.id)}`}>
            {LEARN_TEXT[lang].learnByPlaying}
          </a>
          <button type="button" class="action rp-print" onClick={() => window.print()}>
            {t.printRules}
          </button>
        </div>
        <dl class="rp-legend" aria-label={text.ui.marksLegend}>
          <div>
            <dt>
              <MarkBadge mark={{ kind: 'reading', label: text.marks.reading, text: '' }} />
            </dt>
            <dd>{text.ui.readingLegend}</dd>
          </div>
          <div>
            <dt>
              <MarkBadge mark={{ kind: 'house rule', label: text.marks['house rule'], text: '' }} />
            </dt>
            <dd>{text.ui.houseRuleLegend}</dd>
          </div>
        </dl>
      </header>
      <RulesBody rules={rules} lang={lang} t={t} diagrams />
      <section class="rp-section rp-otn-section" aria-labelledby="rules-otn-title">
        <h2 id="rules-otn-title">{text.ui.otnTitle}</h2>
        <p class="rp-help">{text.ui.otnHelp}</p>
        {/* On paper the string is a line of text; the field and its button are for the screen. */}
        <p class="rp-otn-print">{otn}</p>
        <CopyField text={otn} label={text.ui.otnTitle} copy={text.ui.copy} copied={text.ui.copied} />
      </section>
    </article>
  );
}
