/**
 * The words of the front door in Spanish, English and French: the header and its menu, the start
 * page's three ways to play, the rulesets page with a plain one-line summary of each preset, and
 * the page titles. English is the reference; the other two are typed by it.
 */

import type { Side } from '@tafl/core';
import type { Lang } from '../i18n/index.js';

/** A plain sentence per preset, true of its parameters (docs/rules.md, “The named rulesets”). */
type Summaries = Readonly<Record<string, string>>;

const enSummaries: Summaries = {
  plazoleta:
    'Brandubh as the Spanish craftsmen’s leaflet plays it: the king walks one square at a time to a corner, and is harder to take on and beside his throne.',
  'brandubh-2019':
    'The simplest Brandubh: every piece, the king too, moves as far as it likes; two attackers take the king, four on his throne; he escapes to a corner.',
  'ard-ri-es':
    'Ard Ri with larger armies, sixteen attackers against nine: the king does not capture, must be surrounded on all four sides (beside his throne, the throne closes the fourth), and escapes to a corner.',
  'brandubh-en':
    'Brandubh as the English leaflet plays it: the king escapes to a corner, cannot go back to his throne, and is harder to take on and beside it.',
  'ard-ri-fr':
    'Ard Ri as the French leaflet plays it: the defenders start, everyone moves one square at a time, the king escapes to any edge and must be surrounded on four sides (beside the empty throne, the throne closes the fourth).',
  'brandub-fr':
    'Brandubh from the same French leaflet: defenders may shelter in the corners, and a defender beside the king on his throne can be taken with him.',
  'opentafl-brandub':
    'The Brandub of OpenTafl, to compare games with that program: two attackers take the king anywhere, even on his throne.',
  'federation-brandubh':
    'The World Tafl Federation’s Brandubh: the king moves freely to a corner; three attackers take him beside his throne, four on it.',
};

const esSummaries: Summaries = {
  plazoleta:
    'El Brandubh del folleto de los artesanos de La Plazoleta: el rey avanza de casilla en casilla hacia una esquina, y cuesta más capturarlo en el trono y a su lado.',
  'brandubh-2019':
    'El Brandubh más sencillo: todas las piezas, también el rey, se mueven tantas casillas como quieran; dos atacantes capturan al rey, cuatro si está en el trono; huye por una esquina.',
  'ard-ri-es':
    'El Ard Ri, con ejércitos más numerosos, dieciséis atacantes contra nueve: el rey no captura, hay que rodearlo por los cuatro lados (junto al trono, el trono cierra el cuarto) y huye por una esquina.',
  'brandubh-en':
    'El Brandubh del folleto inglés: el rey huye por una esquina, no puede volver al trono y cuesta más capturarlo en él y a su lado.',
  'ard-ri-fr':
    'El Ard Ri del folleto francés: empiezan los defensores, todas las piezas avanzan de casilla en casilla, el rey huye por cualquier casilla del borde y hay que rodearlo por los cuatro lados (junto al trono vacío, el trono cierra el cuarto).',
  'brandub-fr':
    'El Brandubh del mismo folleto francés: los defensores pueden refugiarse en las esquinas, y un defensor junto al rey en el trono puede caer con él.',
  'opentafl-brandub':
    'El Brandub de OpenTafl, para comparar partidas con ese programa: dos atacantes capturan al rey en cualquier casilla, incluso en el trono.',
  'federation-brandubh':
    'El Brandubh de la World Tafl Federation: el rey se mueve libremente hasta una esquina; tres atacantes lo capturan junto al trono, cuatro en él.',
};

const frSummaries: Summaries = {
  plazoleta:
    'Le Brandubh du dépliant des artisans de La Plazoleta\u202f: le roi avance case par case vers un coin, et il est plus difficile à prendre sur son trône et à côté.',
  'brandubh-2019':
    'Le Brandubh le plus simple\u202f: toutes les pièces, le roi aussi, vont aussi loin qu’elles veulent\u202f; deux assaillants prennent le roi, quatre sur son trône\u202f; il s’évade par un coin.',
  'ard-ri-es':
    'L’Ard-ri et ses armées plus nombreuses, seize assaillants contre neuf\u202f: le roi ne prend pas, il faut l’encercler des quatre côtés (à côté de son trône, le trône ferme le quatrième), et il s’évade par un coin.',
  'brandubh-en':
    'Le Brandubh du dépliant anglais\u202f: le roi s’évade par un coin, ne peut pas revenir sur son trône, et il est plus difficile à prendre dessus et à côté.',
  'ard-ri-fr':
    'L’Ard-ri du dépliant du Globe Joueur\u202f: les défenseurs commencent, chaque pièce avance d’une case à la fois, le roi s’évade par n’importe quelle case du bord et doit être encerclé des quatre côtés (à côté du trône vide, le trône ferme le quatrième).',
  'brandub-fr':
    'Le Brandub du même dépliant\u202f: les défenseurs peuvent se réfugier dans les coins, et un défenseur à côté du roi sur son trône peut être pris avec lui.',
  'opentafl-brandub':
    'Le Brandub d’OpenTafl, pour comparer des parties avec ce logiciel\u202f: deux assaillants prennent le roi partout, même sur son trône.',
  'federation-brandubh':
    'Le Brandubh de la World Tafl Federation\u202f: le roi file librement vers un coin\u202f; trois assaillants le prennent à côté du trône, quatre dessus.',
};

export const en = {
  // The header.
  mainNav: 'Main',
  menu: 'Menu',
  skipToBoard: 'Skip to the board',
  skipToContent: 'Skip to the content',
  navPlay: 'Play',
  navLearn: 'Learn',
  navOnline: 'Play online',
  navArchive: 'Finished games',
  navRules: 'Rules',
  navBalance: 'Balance',
  navPuzzles: 'Puzzles',
  navTournaments: 'Tournaments',
  leaderboardNav: 'Leaderboard',

  // The start page.
  playHeading: 'Play',
  playComputer: 'Play the computer',
  playLocal: 'Play a friend here',
  playOnline: 'Play online',
  levelNote: (n: number, name: string) => `Level ${n} of 6 (${name})`,
  youPlayAttackers: 'you play the attackers',
  youPlayDefenders: 'you play the defenders',
  youPlayRandom: 'your side drawn at random',
  localNote: 'Two players take turns on this screen',
  onlineNote: 'You get a link to send to your opponent',
  options: 'Options',
  optionsFor: (what: string) => `Options: ${what}`,
  rulesLabel: 'Rules:',
  chooseRules: 'Choose the rules',
  recommended: 'Recommended for a first game',
  // A ruleset one side wins nearly always (balance/one-sided.ts).
  oneSided: 'One-sided',
  oneSidedNote: (side: Side, won: number, games: number) =>
    `One-sided: ${side === 'attackers' ? 'the attackers' : 'the defenders'} won ${won} of the ${games} games the engine played against itself.`,
  oneSidedLink: 'Which rules are fair?',
  guestName: 'Guest',
  learnToPlay: 'Learn to play',

  // The rulesets page.
  rulesetsTitle: 'Choose the rules',
  rulesetsIntro:
    'Every ruleset the app plays, with what sets it apart. Choose one for the start page, or play it at once.',
  chooseThis: 'Choose',
  chooseThisNamed: (name: string) => `Choose ${name}`,
  chosenNow: 'Your choice',
  playNow: 'Play now:',
  playComputerShort: 'The computer',
  playLocalShort: 'A friend here',
  playOnlineShort: 'Online',
  playNamed: (how: string, name: string) => `${how}: ${name}`,
  backHome: 'Back to the start page',

  // Page titles.
  titleVsComputer: (name: string, level: number) => `${name} vs computer (level ${level})`,
  titleVsName: (name: string, who: string) => `${name} vs ${who}`,
  titleOnline: (name: string) => `${name} online`,
  titleYourMove: 'your move',
  titleThinking: 'the computer is thinking',
  titleAttackersToMove: 'attackers to move',
  titleDefendersToMove: 'defenders to move',
  titleWaiting: 'waiting for an opponent',
  titleAttackersWon: 'the attackers won',
  titleDefendersWon: 'the defenders won',
  titleDrawn: 'drawn',
  titleNoResult: 'aborted',
  titleRules: (name: string) => `Rules: ${name}`,
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type FrontText = Widen<typeof en>;

const es: FrontText = {
  mainNav: 'Principal',
  menu: 'Menú',
  skipToBoard: 'Saltar al tablero',
  skipToContent: 'Saltar al contenido',
  navPlay: 'Jugar',
  navLearn: 'Aprender',
  navOnline: 'Jugar en línea',
  navArchive: 'Partidas terminadas',
  navRules: 'Reglas',
  navBalance: 'Equilibrio',
  navPuzzles: 'Problemas',
  navTournaments: 'Torneos',
  leaderboardNav: 'Clasificación',

  playHeading: 'Jugar',
  playComputer: 'Jugar contra el ordenador',
  playLocal: 'Jugar con alguien aquí',
  playOnline: 'Jugar en línea',
  levelNote: (n, name) => `Nivel ${n} de 6 (${name})`,
  youPlayAttackers: 'juegas con los atacantes',
  youPlayDefenders: 'juegas con los defensores',
  youPlayRandom: 'tu bando se sortea',
  localNote: 'Dos jugadores se turnan en esta pantalla',
  onlineNote: 'Recibes un enlace para enviárselo a tu rival',
  options: 'Opciones',
  optionsFor: (what) => `Opciones: ${what}`,
  rulesLabel: 'Reglamento:',
  chooseRules: 'Elegir el reglamento',
  recommended: 'Recomendado para empezar',
  oneSided: 'Desequilibrado',
  oneSidedNote: (side, won, games) =>
    `Desequilibrado: ${side === 'attackers' ? 'los atacantes' : 'los defensores'} ganaron ${won} de las ${games} partidas que el motor jugó contra sí mismo.`,
  oneSidedLink: '¿Qué reglas son justas?',
  guestName: 'Invitado',
  learnToPlay: 'Aprende a jugar',

  rulesetsTitle: 'Elige el reglamento',
  rulesetsIntro:
    'Todos los reglamentos que juega la aplicación, con lo que distingue a cada uno. Elige uno para la página de inicio o juégalo ya.',
  chooseThis: 'Elegir',
  chooseThisNamed: (name) => `Elegir ${name}`,
  chosenNow: 'Tu elección',
  playNow: 'Jugar ya:',
  playComputerShort: 'Contra el ordenador',
  playLocalShort: 'Con alguien aquí',
  playOnlineShort: 'En línea',
  playNamed: (how, name) => `${how}: ${name}`,
  backHome: 'Volver a la página de inicio',

  titleVsComputer: (name, level) => `${name} contra el ordenador (nivel ${level})`,
  titleVsName: (name, who) => `${name} contra ${who}`,
  titleOnline: (name) => `${name} en línea`,
  titleYourMove: 'te toca mover',
  titleThinking: 'el ordenador está pensando',
  titleAttackersToMove: 'mueven los atacantes',
  titleDefendersToMove: 'mueven los defensores',
  titleWaiting: 'esperando rival',
  titleAttackersWon: 'ganaron los atacantes',
  titleDefendersWon: 'ganaron los defensores',
  titleDrawn: 'tablas',
  titleNoResult: 'anulada',
  titleRules: (name) => `Reglas: ${name}`,
};

const fr: FrontText = {
  mainNav: 'Principal',
  menu: 'Menu',
  skipToBoard: 'Aller au plateau',
  skipToContent: 'Aller au contenu',
  navPlay: 'Jouer',
  navLearn: 'Apprendre',
  navOnline: 'Jouer en ligne',
  navArchive: 'Parties terminées',
  navRules: 'Règles',
  navBalance: 'Équilibre',
  navPuzzles: 'Problèmes',
  navTournaments: 'Tournois',
  leaderboardNav: 'Classement',

  playHeading: 'Jouer',
  playComputer: 'Jouer contre l’ordinateur',
  playLocal: 'Jouer à deux ici',
  playOnline: 'Jouer en ligne',
  levelNote: (n, name) => `Niveau ${n} sur 6 (${name})`,
  youPlayAttackers: 'vous jouez les assaillants',
  youPlayDefenders: 'vous jouez les défenseurs',
  youPlayRandom: 'votre camp tiré au sort',
  localNote: 'Deux joueurs jouent à tour de rôle sur cet écran',
  onlineNote: 'Vous recevez un lien à envoyer à votre adversaire',
  options: 'Options',
  optionsFor: (what) => `Options\u202f: ${what}`,
  rulesLabel: 'Variante\u202f:',
  chooseRules: 'Choisir une variante',
  recommended: 'Conseillée pour débuter',
  oneSided: 'Déséquilibrée',
  oneSidedNote: (side, won, games) =>
    `Déséquilibrée\u202f: ${side === 'attackers' ? 'les assaillants' : 'les défenseurs'} ont gagné ${won} des ${games} parties que le moteur a jouées contre lui-même.`,
  oneSidedLink: 'Quelles variantes sont équitables\u202f?',
  guestName: 'Invité',
  learnToPlay: 'Apprendre à jouer',

  rulesetsTitle: 'Choisissez une variante',
  rulesetsIntro:
    'Toutes les variantes que joue l’application, avec ce qui distingue chacune. Choisissez-en une pour la page d’accueil, ou jouez-la tout de suite.',
  chooseThis: 'Choisir',
  chooseThisNamed: (name) => `Choisir ${name}`,
  chosenNow: 'Votre choix',
  playNow: 'Jouer tout de suite\u202f:',
  playComputerShort: 'Contre l’ordinateur',
  playLocalShort: 'À deux ici',
  playOnlineShort: 'En ligne',
  playNamed: (how, name) => `${how}\u202f: ${name}`,
  backHome: 'Retour à la page d’accueil',

  titleVsComputer: (name, level) => `${name} contre l’ordinateur (niveau ${level})`,
  titleVsName: (name, who) => `${name} contre ${who}`,
  titleOnline: (name) => `${name} en ligne`,
  titleYourMove: 'à vous de jouer',
  titleThinking: 'l’ordinateur réfléchit',
  titleAttackersToMove: 'aux assaillants de jouer',
  titleDefendersToMove: 'aux défenseurs de jouer',
  titleWaiting: 'en attente d’un adversaire',
  titleAttackersWon: 'les assaillants ont gagné',
  titleDefendersWon: 'les défenseurs ont gagné',
  titleDrawn: 'partie nulle',
  titleNoResult: 'annulée',
  titleRules: (name) => `Règles\u202f: ${name}`,
};

export const FRONT_TEXT: { readonly [l in Lang]: FrontText } = { en, es, fr };

const SUMMARIES: { readonly [l in Lang]: Summaries } = { en: enSummaries, es: esSummaries, fr: frSummaries };

/** A preset's plain summary in the language, or undefined for a ruleset that is no preset. */
export const presetSummary = (id: string, lang: Lang): string | undefined => SUMMARIES[lang][id];

/** Every preset id that has a summary in every language (the tests check it is every preset). */
export const SUMMARISED: readonly string[] = Object.keys(enSummaries).filter(
  (id) => id in esSummaries && id in frSummaries,
);
