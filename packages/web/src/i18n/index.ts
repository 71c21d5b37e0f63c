/**
 * The interface in Spanish, English and French. Each language is a catalogue with the same keys
 * as the English one (the type checks it); values are strings or small functions for messages
 * with numbers or names in them. The language comes from the browser, can be switched, and the
 * choice is remembered.
 */

import { en, type Messages } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export const LANGUAGES = ['es', 'en', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export type { Messages };

export const CATALOGUES: { readonly [l in Lang]: Messages } = { en, es, fr };

export const LANGUAGE_NAMES: { readonly [l in Lang]: string } = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
};

const STORAGE_KEY = 'tafl.lang';

export const isLang = (s: unknown): s is Lang =>
  typeof s === 'string' && (LANGUAGES as readonly string[]).includes(s);

/** The remembered choice, else the first of the browser's languages we have, else English. */
export function detectLanguage(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
  stored: string | null = safeStorageGet(STORAGE_KEY),
): Lang {
  if (isLang(stored)) return stored;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

export function rememberLanguage(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // private mode or no storage: the choice lasts for this page only
  }
}

function safeStorageGet(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}
