/**
 * The words of the player page and the leaderboards in English, Spanish and French.
 * English is the reference; Spanish and French have its shape (a missing key fails to compile).
 * `playersText(t)` finds the language of the page's catalogue.
 */

import type { RatingFamily } from '@tafl/server/protocol';
import { langOf } from '../game/feedback-text.js';
import type { Lang, Messages } from '../i18n/index.js';

const en = {
  familyBrandubh: 'Brandubh',
  familyArdRi: 'Ard Ri',
  // The player page.
  playerTitle: 'Player',
  loading: 'Loading…',
  memberSince: (date: string) => `Playing here since ${date}.`,
  unknownPlayer: (name: string) => `There is no player called “${name}”.`,
  unknownHint: 'Check the spelling: user names are 3 to 20 letters, digits, _ or -.',
  loadFailed: 'The page could not be loaded.',
  ownPage: 'This is your page, as others see it.',
  myGames: 'My games',
  noRated: (name: string) => `${name} has not played a rated game yet.`,
  noRatedHint:
    'A rating appears after the first rated game. Signed-in players choose “rated” when they create a game, or join a rated game of the lobby.',
  toLobby: 'To the lobby',
  ratingLabel: 'Rating',
  provisionalNote: 'The ? says the rating is still provisional: it settles after a few more rated games.',
  deviationLabel: (dev: string) => `deviation ${dev}`,
  ratedGames: (n: number) => (n === 1 ? '1 rated game' : `${n} rated games`),
  lastPlayed: (date: string) => `last played on ${date}`,
  graphTitle: 'Rating history',
  graphLabel: (from: number, to: number, games: number) =>
    `Rating history: from ${from} to ${to} over ${games === 1 ? '1 game' : `${games} games`}.`,
  graphLegend: 'The line is the rating; the shaded band, its deviation either side.',
  graphTable: 'The rating after each game',
  colGame: 'Game',
  colDate: 'Date',
  colRating: 'Rating',
  colDeviation: 'Deviation',
  graphStart: 'Start',
  scoreTitle: 'As attackers and as defenders',
  scoreNote: 'The two sides do not win equally often, so each side’s results are counted apart.',
  colSide: 'Side',
  colGames: 'Games',
  colWins: 'Wins',
  colDraws: 'Draws',
  colLosses: 'Losses',
  colScore: 'Score',
  asAttackers: 'Attackers',
  asDefenders: 'Defenders',
  playingTitle: 'Games in progress',
  recentTitle: 'Recent games',
  noPlaying: 'No game in progress.',
  noRecent: 'No finished game yet.',
  sideAttackers: 'as the attackers',
  sideDefenders: 'as the defenders',
  against: (name: string) => `against ${name}`,
  won: 'Won',
  lost: 'Lost',
  drawn: 'Drawn',
  noResult: 'Aborted',
  rated: 'rated',
  casual: 'casual',
  ratingChange: (diff: string) => `rating ${diff}`,
  toMove: 'to move',
  watch: 'Watch',
  replay: 'Replay',
  analyse: 'Analyse',
  // The leaderboards.
  leaderboardTitle: 'Leaderboard',
  tournamentsLink: 'Tournaments',
  familiesNav: 'Rating families',
  leaderboardRules: (dev: number) =>
    `Listed: settled ratings only (a deviation of ${dev} or less, no ?) of players who played a rated game in the last 3 months, the top 100.`,
  leaderboardFamily: (family: string) => `Every named ${family} ruleset counts towards one ${family} rating.`,
  leaderboardEmpty: 'Nobody is on this leaderboard yet: a rating settles after a number of rated games.',
  unknownFamily: (family: string) => `There is no rating family called “${family}”; here is Brandubh’s.`,
  colRank: 'Rank',
  colPlayer: 'Player',
  colLastPlayed: 'Last played',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type PlayersText = Widen<typeof en>;

const es: PlayersText = {
  familyBrandubh: 'Brandubh',
  familyArdRi: 'Ard Ri',
  playerTitle: 'Jugador',
  loading: 'Cargando…',
  memberSince: (date) => `Juega aquí desde el ${date}.`,
  unknownPlayer: (name) => `No hay ningún jugador llamado «${name}».`,
  unknownHint: 'Revisa cómo está escrito: los nombres de usuario tienen de 3 a 20 letras, cifras, _ o -.',
  loadFailed: 'No se ha podido cargar la página.',
  ownPage: 'Esta es tu página, tal como la ven los demás.',
  myGames: 'Mis partidas',
  noRated: (name) => `${name} aún no ha jugado ninguna partida puntuable.`,
  noRatedHint:
    'La puntuación aparece tras la primera partida puntuable. Quien ha iniciado sesión elige «Puntuable» al crear una partida, o se une a una partida puntuable de la sala.',
  toLobby: 'A la sala',
  ratingLabel: 'Puntuación',
  provisionalNote:
    'El signo ? indica que la puntuación aún es provisional: se asentará tras unas cuantas partidas puntuables más.',
  deviationLabel: (dev) => `desviación ${dev}`,
  ratedGames: (n) => (n === 1 ? '1 partida puntuable' : `${n} partidas puntuables`),
  lastPlayed: (date) => `última partida el ${date}`,
  graphTitle: 'Evolución de la puntuación',
  graphLabel: (from, to, games) =>
    `Evolución de la puntuación: de ${from} a ${to} en ${games === 1 ? '1 partida' : `${games} partidas`}.`,
  graphLegend: 'La línea es la puntuación; la franja sombreada, su desviación a cada lado.',
  graphTable: 'La puntuación tras cada partida',
  colGame: 'Partida',
  colDate: 'Fecha',
  colRating: 'Puntuación',
  colDeviation: 'Desviación',
  graphStart: 'Inicio',
  scoreTitle: 'Con los atacantes y con los defensores',
  scoreNote:
    'Los dos bandos no ganan con la misma frecuencia, así que los resultados de cada uno se cuentan aparte.',
  colSide: 'Bando',
  colGames: 'Partidas',
  colWins: 'Victorias',
  colDraws: 'Tablas',
  colLosses: 'Derrotas',
  colScore: 'Puntos',
  asAttackers: 'Atacantes',
  asDefenders: 'Defensores',
  playingTitle: 'Partidas en curso',
  recentTitle: 'Partidas recientes',
  noPlaying: 'Ninguna partida en curso.',
  noRecent: 'Aún no hay partidas terminadas.',
  sideAttackers: 'con los atacantes',
  sideDefenders: 'con los defensores',
  against: (name) => `contra ${name}`,
  won: 'Ganada',
  lost: 'Perdida',
  drawn: 'Tablas',
  noResult: 'Anulada',
  rated: 'puntuable',
  casual: 'amistosa',
  ratingChange: (diff) => `puntuación ${diff}`,
  toMove: 'le toca mover',
  watch: 'Ver',
  replay: 'Repasar',
  analyse: 'Analizar',
  leaderboardTitle: 'Clasificación',
  tournamentsLink: 'Torneos',
  familiesNav: 'Familias de puntuación',
  leaderboardRules: (dev) =>
    `Solo aparecen las puntuaciones ya asentadas (desviación de ${dev} o menos, sin el signo ?) de quienes han jugado una partida puntuable en los últimos 3 meses: los 100 primeros.`,
  leaderboardFamily: (family) =>
    `Todos los reglamentos con nombre del ${family} cuentan para una misma puntuación del ${family}.`,
  leaderboardEmpty:
    'Aún no hay nadie en esta clasificación: una puntuación se asienta tras varias partidas puntuables.',
  unknownFamily: (family) =>
    `No hay ninguna familia de puntuación llamada «${family}»; esta es la del Brandubh.`,
  colRank: 'Posición',
  colPlayer: 'Jugador',
  colLastPlayed: 'Última partida',
};

/** “du Brandubh”, “de l’Ard-ri”: a game's name after de, elided before a vowel. */
const ofGame = (game: string): string => (/^[aeiouéh]/i.test(game) ? `de l’${game}` : `du ${game}`);

const fr: PlayersText = {
  familyBrandubh: 'Brandubh',
  familyArdRi: 'Ard-ri',
  playerTitle: 'Joueur',
  loading: 'Chargement…',
  memberSince: (date) => `Joue ici depuis le ${date}.`,
  unknownPlayer: (name) => `Il n’y a aucun joueur nommé «\u202f${name}\u202f».`,
  unknownHint:
    'Vérifiez l’orthographe\u202f: un nom d’utilisateur compte de 3 à 20 lettres, chiffres, _ ou -.',
  loadFailed: 'La page n’a pas pu être chargée.',
  ownPage: 'Voici votre page, telle que les autres la voient.',
  myGames: 'Mes parties',
  noRated: (name) => `${name} n’a encore joué aucune partie classée.`,
  noRatedHint:
    'La cote apparaît après la première partie classée. Un joueur connecté choisit «\u202fClassée\u202f» en créant une partie, ou rejoint une partie classée dans le salon.',
  toLobby: 'Vers le salon',
  ratingLabel: 'Cote',
  provisionalNote:
    'Le signe «\u202f?\u202f» indique une cote encore provisoire\u202f: elle se stabilise après quelques parties classées de plus.',
  deviationLabel: (dev) => `écart ${dev}`,
  ratedGames: (n) => (n === 1 ? '1 partie classée' : `${n} parties classées`),
  lastPlayed: (date) => `dernière partie le ${date}`,
  graphTitle: 'Évolution de la cote',
  graphLabel: (from, to, games) =>
    `Évolution de la cote\u202f: de ${from} à ${to} en ${games === 1 ? '1 partie' : `${games} parties`}.`,
  graphLegend: 'La ligne est la cote\u202f; la bande ombrée, son écart de part et d’autre.',
  graphTable: 'La cote après chaque partie',
  colGame: 'Partie',
  colDate: 'Date',
  colRating: 'Cote',
  colDeviation: 'Écart',
  graphStart: 'Départ',
  scoreTitle: 'En assaillant et en défenseur',
  scoreNote:
    'Les deux camps ne gagnent pas aussi souvent l’un que l’autre\u202f: les résultats de chacun sont comptés à part.',
  colSide: 'Camp',
  colGames: 'Parties',
  colWins: 'Victoires',
  colDraws: 'Nulles',
  colLosses: 'Défaites',
  colScore: 'Score',
  asAttackers: 'Assaillants',
  asDefenders: 'Défenseurs',
  playingTitle: 'Parties en cours',
  recentTitle: 'Parties récentes',
  noPlaying: 'Aucune partie en cours.',
  noRecent: 'Aucune partie terminée pour l’instant.',
  sideAttackers: 'avec les assaillants',
  sideDefenders: 'avec les défenseurs',
  against: (name) => `contre ${name}`,
  won: 'Gagnée',
  lost: 'Perdue',
  drawn: 'Nulle',
  noResult: 'Annulée',
  rated: 'classée',
  casual: 'amicale',
  ratingChange: (diff) => `cote ${diff}`,
  toMove: 'au trait',
  watch: 'Regarder',
  replay: 'Revoir',
  analyse: 'Analyser',
  leaderboardTitle: 'Classement général',
  tournamentsLink: 'Tournois',
  familiesNav: 'Familles de cotes',
  leaderboardRules: (dev) =>
    `Figurent ici les seules cotes stabilisées (un écart de ${dev} au plus, sans «\u202f?\u202f») des joueurs qui ont joué une partie classée ces 3 derniers mois\u202f: les 100 premiers.`,
  leaderboardFamily: (family) =>
    `Toutes les variantes nommées ${ofGame(family)} comptent pour une même cote ${ofGame(family)}.`,
  leaderboardEmpty:
    'Personne n’apparaît encore dans ce classement\u202f: une cote se stabilise après plusieurs parties classées.',
  unknownFamily: (family) =>
    `Il n’y a aucune famille de cotes nommée «\u202f${family}\u202f»\u202f; voici celle du Brandubh.`,
  colRank: 'Rang',
  colPlayer: 'Joueur',
  colLastPlayed: 'Dernière partie',
};

export const PLAYERS_TEXT: { readonly [l in Lang]: PlayersText } = { en, es, fr };

export const playersText = (t: Messages): PlayersText => PLAYERS_TEXT[langOf(t)];

export function familyName(p: PlayersText, family: RatingFamily): string {
  return family === 'brandubh' ? p.familyBrandubh : p.familyArdRi;
}
