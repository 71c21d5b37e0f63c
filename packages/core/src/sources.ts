/**
 * Where each named ruleset comes from, named once for the command line and the app: the kind of
 * document, its title, author and language, the source's own words for the pieces and squares,
 * and what it states that no rule parameter holds (capture is never compulsory, the edge never
 * captures). A rules page is made from the parameters; these let it also say what its own source
 * says, and nothing that belongs to another source. docs/rules.md quotes each source.
 */

export const SOURCE_KINDS = ['leaflet', 'article', 'blog', 'program', 'federation'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SOURCE_LANGUAGES = ['es', 'en', 'fr'] as const;
export type SourceLanguage = (typeof SOURCE_LANGUAGES)[number];

/** The things a source may name in words of its own. */
export const SOURCE_TERMS = ['attackers', 'defenders', 'soldiers', 'king', 'throne', 'corners'] as const;
export type SourceTerm = (typeof SOURCE_TERMS)[number];

/**
 * What a source says outright that no parameter holds, so that its page says it and no other
 * page does: `captureOptional` ("la prise n'est pas obligatoire"), `edgeNeutral` (pinning a piece
 * against the edge captures nothing, as a sentence of the source rather than by silence),
 * `escapeAnnouncement` (the king's player must announce "une ou deux sorties", on a penalty).
 */
export const SOURCE_STATEMENTS = ['captureOptional', 'edgeNeutral', 'escapeAnnouncement'] as const;
export type SourceStatement = (typeof SOURCE_STATEMENTS)[number];

export interface RuleSource {
  readonly kind: SourceKind;
  /** The title as the source writes it. */
  readonly title: string;
  /** Who made it, where known. */
  readonly by?: string;
  readonly language?: SourceLanguage;
  readonly year?: number;
  /** The source's own names, in its language, where they are not the plain words for the thing. */
  readonly terms: readonly (readonly [SourceTerm, string])[];
  readonly states: readonly SourceStatement[];
}

const source = (s: RuleSource): RuleSource => Object.freeze({ ...s, terms: Object.freeze(s.terms) });

const globeJoueur = {
  kind: 'leaflet',
  title: 'Ard-ri et Brandub',
  by: 'Le Globe Joueur',
  language: 'fr',
} as const;

/** The sources of the presets, by ruleset id. */
export const SOURCES: Readonly<Record<string, RuleSource>> = Object.freeze({
  plazoleta: source({
    kind: 'leaflet',
    title: 'Bran-dubh',
    by: 'La Plazoleta artesanos',
    language: 'es',
    terms: [
      ['attackers', 'negras'],
      ['defenders', 'blancas'],
      ['corners', 'casilla Salida'],
    ],
    states: [],
  }),
  'brandubh-2019': source({
    kind: 'blog',
    title: 'Brandubh, un juego de la Irlanda medieval',
    language: 'es',
    year: 2019,
    terms: [
      ['attackers', 'negras'],
      ['defenders', 'blancas'],
      ['corners', 'puertas de salida'],
    ],
    states: [],
  }),
  'ard-ri-es': source({
    kind: 'article',
    title: '¿Jugamos al Ard Ri?',
    language: 'es',
    terms: [
      ['attackers', 'negras'],
      ['defenders', 'blancas'],
      ['soldiers', 'peones'],
      ['king', 'monarca'],
      ['corners', 'casillas de fuga'],
    ],
    states: ['edgeNeutral'],
  }),
  'brandubh-en': source({
    kind: 'leaflet',
    title: 'Brandubh Rules',
    language: 'en',
    terms: [
      ['attackers', 'Aggressors'],
      ['king', 'Black Raven'],
      ['throne', 'center square'],
    ],
    states: [],
  }),
  'ard-ri-fr': source({
    ...globeJoueur,
    terms: [
      ['defenders', 'gardes du roi'],
      ['corners', 'refuges'],
    ],
    states: ['captureOptional'],
  }),
  'brandub-fr': source({
    ...globeJoueur,
    terms: [
      ['attackers', 'attaquants'],
      ['defenders', 'princes'],
      ['king', 'brannán'],
      ['corners', 'refuges'],
    ],
    states: ['captureOptional', 'escapeAnnouncement'],
  }),
  'opentafl-brandub': source({ kind: 'program', title: 'Brandub', by: 'OpenTafl', terms: [], states: [] }),
  'federation-brandubh': source({
    kind: 'federation',
    title: 'Brandubh',
    by: 'World Tafl Federation',
    terms: [],
    states: [],
  }),
});

/** The source of a ruleset: a preset's, or undefined for rules made elsewhere. */
export const sourceOf = (id: string): RuleSource | undefined =>
  Object.hasOwn(SOURCES, id) ? SOURCES[id] : undefined;

const KIND_WORDS = { leaflet: 'Leaflet', article: 'Article', blog: 'Blog post' } as const;
const LANGUAGE_WORDS: { readonly [l in SourceLanguage]: string } = {
  es: 'Spanish',
  en: 'English',
  fr: 'French',
};

/** A source in one English line: `Leaflet “Bran-dubh” by La Plazoleta artesanos, in Spanish`. */
export function sourceLine(s: RuleSource): string {
  if (s.kind === 'program') return `${s.by ?? ''}’s built-in ${s.title}`;
  if (s.kind === 'federation') return `The ${s.by ?? ''}’s ${s.title} rules`;
  const by = s.by ? ` by ${s.by}` : '';
  const year = s.year ? ` (${s.year})` : '';
  const language = s.language ? `, in ${LANGUAGE_WORDS[s.language]}` : '';
  return `${KIND_WORDS[s.kind]} “${s.title}”${by}${year}${language}`;
}
