/** The app shell: language, routes and the screens. */

import { PRESETS } from '@tafl/core';
import { useState } from 'preact/hooks';
import {
  CATALOGUES,
  LANGUAGES,
  LANGUAGE_NAMES,
  detectLanguage,
  rememberLanguage,
  type Lang,
} from '../i18n/index.js';

export function App() {
  const [lang, setLang] = useState<Lang>(detectLanguage());
  const t = CATALOGUES[lang];
  return (
    <div class="app" lang={lang}>
      <header class="top">
        <h1>{t.appName}</h1>
        <label>
          {t.language}{' '}
          <select
            value={lang}
            onChange={(e) => {
              const next = (e.target as HTMLSelectElement).value as Lang;
              rememberLanguage(next);
              setLang(next);
            }}
          >
            {LANGUAGES.map((l) => (
              <option value={l}>{LANGUAGE_NAMES[l]}</option>
            ))}
          </select>
        </label>
      </header>
      <main>
        <p>{t.tagline}</p>
        <ul>
          {PRESETS.map((r) => (
            <li>{r.name}</li>
          ))}
        </ul>
      </main>
    </div>
  );
}
