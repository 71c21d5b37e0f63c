/**
 * The words of accounts (issue 15): the header's account link and "My games", signing up and
 * in, the account page, "my games", rated games and seeks in the new-game options and the
 * lobby, and the refusals of accounts and rated seats. English is the reference; Spanish and
 * French have its shape (a missing key fails to compile). `accountText(t)` finds the language
 * of the page's catalogue.
 */

import type { Lang, Messages } from '../i18n/index.js';
import { langOf } from '../game/feedback-text.js';

const en = {
  // The header.
  navSignIn: 'Sign in',
  navMyGames: 'My games',
  myTurnBadge: (n: number) => (n === 1 ? 'one game waits for your move' : `${n} games wait for your move`),
  navAccount: (name: string) => `${name}: your account`,

  // Signing up and in.
  signInTitle: 'Sign in',
  signUpTitle: 'Create an account',
  userName: 'User name',
  userNameHint: '3 to 20 letters, digits, _ or -. Others see it beside your games.',
  password: 'Password',
  passwordHint: (min: number) => `At least ${min} characters.`,
  passwordAgain: 'The password again',
  signInButton: 'Sign in',
  signUpButton: 'Create the account',
  working: 'One moment…',
  toSignUp: 'No account yet?',
  toSignUpLink: 'Create one',
  toSignIn: 'Already have an account?',
  toSignInLink: 'Sign in',
  guestNote:
    'You can go on playing without an account. With one, your games follow you to every device, you play rated games and you have a rating.',
  seatsNote: 'The games you play in this browser become your account’s.',
  alreadyIn: (name: string) => `You are signed in as ${name}.`,
  errWrong: 'The user name or the password is wrong.',
  errNameTaken: 'That user name is taken. Choose another.',
  errLimited: 'Too many attempts. Wait a little and try again.',
  errLimitedIn: (n: number, unit: 'second' | 'minute') =>
    `Too many attempts. Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`,
  errName: 'A user name has 3 to 20 letters, digits, _ or -.',
  errPassword: (min: number, max: number) => `A password has ${min} to ${max} characters.`,
  errMismatch: 'The two passwords are not the same.',
  errCsrf: 'The request was refused for your safety. Reload the page and try again.',
  errRequired: 'Sign in first.',

  // The account page.
  accountTitle: 'Your account',
  signedInAs: (name: string) => `Signed in as ${name}`,
  memberSince: (date: string) => `Member since ${date}`,
  playerPage: 'Your player page',
  myGamesLink: 'Your games',
  changePassword: 'Change the password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changeButton: 'Change the password',
  passwordChanged: 'The password is changed. Your other devices are signed out.',
  signOut: 'Sign out',
  signOutAll: 'Sign out everywhere',
  signOutAllNote: 'Signs out every device where you are signed in, this one too.',
  deleteTitle: 'Delete the account',
  deleteNote:
    'Your account, its ratings and its sign-ins are deleted for good. The games you played stay, under the name “deleted player”; your games in progress end (aborted, or resigned once moves were made).',
  deleteConfirm: 'I understand: delete my account for good',
  deleteButton: 'Delete the account',
  deleted: 'Your account is deleted.',
  notSignedIn: 'You are not signed in',
  signInToSee: 'Sign in to see your account, or create one.',

  // My games.
  myGamesTitle: 'My games',
  myGamesIntro: 'Your games in progress, on every device: those waiting for your move first.',
  myGamesSignIn: 'Sign in to see your games on every device.',
  myGamesEmpty: 'You have no game in progress.',
  toLobby: 'Find an opponent in the lobby',
  startGame: 'Start a game',
  yourMove: 'Your move',
  theirMove: 'Their move',
  waitingOpponent: 'Waiting for an opponent',
  against: (name: string) => `against ${name}`,
  asSide: (side: string) => `you play the ${side}`,
  timeLeft: (left: string) => `${left} left`,
  openGame: 'Open',
  playGame: 'Play',
  loading: 'Loading…',
  loadFailed: 'Your games could not be loaded.',

  // Rated games.
  rated: 'Rated',
  casual: 'Casual',
  ratedOrCasual: 'Rated or casual',
  ratedNote: 'A rated game changes both players’ ratings when it ends.',
  ratedNeedsSignIn: 'Sign in to play rated games.',
  ratedNeedsPreset: 'Only the named rulesets of Brandubh and Ard Ri are played rated, not your own rules.',
  ratedNeedsClock: 'A rated game needs a clock: choose days per move or a live time.',
  range: 'Who may join',
  rangeAny: 'Anyone',
  rangeNote: 'Players whose rating is within this many points of yours.',
  playingAs: (name: string) => `You play as ${name}.`,

  // The lobby's seeks.
  seekBy: (rating: string) => `creator ${rating}`,
  joinSignIn: 'Sign in to play rated',
  joinRange: 'Outside your rating range',
  joinOwn: 'Your own game',

  // Refusals.
  errSeatRated: 'A rated game is played by signed-in players: sign in to take this seat.',
  errSeatOwn: 'This is your own game: wait for an opponent.',
  errSeatRange: 'Your rating is outside the range this game asks for.',
  errSeatNone: 'Your account holds no seat in this game.',
  errCreateRated: 'This game cannot be rated: sign in, choose a named ruleset and a clock.',
  errPlayerUnknown: 'No player has that name.',
  errTournamentUnknown: 'There is no such tournament.',
  errTournamentClosed: 'The tournament has started or ended: nobody joins or leaves now.',
  errTournamentFull: 'The tournament is full.',
  errTournamentInvalid: 'That tournament cannot be made.',
  errGameTournament: 'A tournament game cannot be aborted: the clock decides.',
};

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string;
};
export type AccountText = Widen<typeof en>;

const es: AccountText = {
  navSignIn: 'Entrar',
  navMyGames: 'Mis partidas',
  myTurnBadge: (n) => (n === 1 ? 'una partida espera tu jugada' : `${n} partidas esperan tu jugada`),
  navAccount: (name) => `${name}: tu cuenta`,

  signInTitle: 'Entrar',
  signUpTitle: 'Crear una cuenta',
  userName: 'Nombre de usuario',
  userNameHint: 'De 3 a 20 letras, cifras, _ o -. Los demás lo ven junto a tus partidas.',
  password: 'Contraseña',
  passwordHint: (min) => `Al menos ${min} caracteres.`,
  passwordAgain: 'Repite la contraseña',
  signInButton: 'Entrar',
  signUpButton: 'Crear la cuenta',
  working: 'Un momento…',
  toSignUp: '¿Aún no tienes cuenta?',
  toSignUpLink: 'Crea una',
  toSignIn: '¿Ya tienes cuenta?',
  toSignInLink: 'Entra',
  guestNote:
    'Puedes seguir jugando sin cuenta. Con una, tus partidas te siguen a todos tus dispositivos, juegas partidas puntuables y tienes una puntuación.',
  seatsNote: 'Las partidas que juegas en este navegador pasan a tu cuenta.',
  alreadyIn: (name) => `Has entrado como ${name}.`,
  errWrong: 'El nombre de usuario o la contraseña no son correctos.',
  errNameTaken: 'Ese nombre de usuario ya existe. Elige otro.',
  errLimited: 'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
  errLimitedIn: (n, unit) =>
    `Demasiados intentos. Vuelve a intentarlo dentro de ${n} ${unit === 'second' ? 'segundo' : 'minuto'}${n === 1 ? '' : 's'}.`,
  errName: 'Un nombre de usuario tiene de 3 a 20 letras, cifras, _ o -.',
  errPassword: (min, max) => `Una contraseña tiene de ${min} a ${max} caracteres.`,
  errMismatch: 'Las dos contraseñas no son iguales.',
  errCsrf: 'Se rechazó la petición por tu seguridad. Recarga la página y vuelve a intentarlo.',
  errRequired: 'Entra primero.',

  accountTitle: 'Tu cuenta',
  signedInAs: (name) => `Has entrado como ${name}`,
  memberSince: (date) => `Miembro desde el ${date}`,
  playerPage: 'Tu página de jugador',
  myGamesLink: 'Tus partidas',
  changePassword: 'Cambiar la contraseña',
  currentPassword: 'Contraseña actual',
  newPassword: 'Contraseña nueva',
  changeButton: 'Cambiar la contraseña',
  passwordChanged: 'Contraseña cambiada. Tus otros dispositivos han salido de la cuenta.',
  signOut: 'Salir',
  signOutAll: 'Salir en todas partes',
  signOutAllNote: 'Sale de la cuenta en todos los dispositivos, también en este.',
  deleteTitle: 'Borrar la cuenta',
  deleteNote:
    'Se borran para siempre tu cuenta, tus puntuaciones y tus sesiones. Las partidas que jugaste se quedan, con el nombre «deleted player»; tus partidas en curso terminan (anuladas, o abandonadas si ya había jugadas).',
  deleteConfirm: 'Lo entiendo: borrar mi cuenta para siempre',
  deleteButton: 'Borrar la cuenta',
  deleted: 'Tu cuenta se ha borrado.',
  notSignedIn: 'No has entrado',
  signInToSee: 'Entra para ver tu cuenta, o crea una.',

  myGamesTitle: 'Mis partidas',
  myGamesIntro: 'Tus partidas en curso, en todos tus dispositivos: primero las que esperan tu jugada.',
  myGamesSignIn: 'Entra para ver tus partidas en todos tus dispositivos.',
  myGamesEmpty: 'No tienes ninguna partida en curso.',
  toLobby: 'Busca rival en la sala',
  startGame: 'Empezar una partida',
  yourMove: 'Te toca',
  theirMove: 'Le toca',
  waitingOpponent: 'Esperando rival',
  against: (name) => `contra ${name}`,
  asSide: (side) => `juegas con los ${side}`,
  timeLeft: (left) => `quedan ${left}`,
  openGame: 'Abrir',
  playGame: 'Jugar',
  loading: 'Cargando…',
  loadFailed: 'No se pudieron cargar tus partidas.',

  rated: 'Puntuable',
  casual: 'Amistosa',
  ratedOrCasual: 'Puntuable o amistosa',
  ratedNote: 'Una partida puntuable cambia la puntuación de los dos jugadores al terminar.',
  ratedNeedsSignIn: 'Entra para jugar partidas puntuables.',
  ratedNeedsPreset:
    'Solo los reglamentos con nombre de Brandubh y Ard Ri son puntuables, no tus propias reglas.',
  ratedNeedsClock: 'Una partida puntuable necesita reloj: elige días por jugada o un tiempo en directo.',
  range: 'Quién puede unirse',
  rangeAny: 'Cualquiera',
  rangeNote: 'Jugadores cuya puntuación está a esta distancia de la tuya como mucho.',
  playingAs: (name) => `Juegas como ${name}.`,

  seekBy: (rating) => `creador ${rating}`,
  joinSignIn: 'Entra para jugar puntuables',
  joinRange: 'Fuera de tu rango de puntuación',
  joinOwn: 'Tu propia partida',

  errSeatRated: 'Una partida puntuable la juegan jugadores con cuenta: entra para ocupar este puesto.',
  errSeatOwn: 'Es tu propia partida: espera a un rival.',
  errSeatRange: 'Tu puntuación está fuera del rango que pide esta partida.',
  errSeatNone: 'Tu cuenta no tiene puesto en esta partida.',
  errCreateRated: 'Esta partida no puede ser puntuable: entra, elige un reglamento con nombre y un reloj.',
  errPlayerUnknown: 'No hay ningún jugador con ese nombre.',
  errTournamentUnknown: 'Ese torneo no existe.',
  errTournamentClosed: 'El torneo ya empezó o terminó: ya nadie entra ni sale.',
  errTournamentFull: 'El torneo está completo.',
  errTournamentInvalid: 'Ese torneo no se puede crear.',
  errGameTournament: 'Una partida de torneo no se puede anular: decide el reloj.',
};

const fr: AccountText = {
  navSignIn: 'Se connecter',
  navMyGames: 'Mes parties',
  myTurnBadge: (n) => (n === 1 ? 'une partie attend votre coup' : `${n} parties attendent votre coup`),
  navAccount: (name) => `${name}\u202f: votre compte`,

  signInTitle: 'Se connecter',
  signUpTitle: 'Créer un compte',
  userName: 'Nom d’utilisateur',
  userNameHint: 'De 3 à 20 lettres, chiffres, _ ou -. Les autres le voient à côté de vos parties.',
  password: 'Mot de passe',
  passwordHint: (min) => `Au moins ${min} caractères.`,
  passwordAgain: 'Le mot de passe, à nouveau',
  signInButton: 'Se connecter',
  signUpButton: 'Créer le compte',
  working: 'Un instant…',
  toSignUp: 'Pas encore de compte\u202f?',
  toSignUpLink: 'En créer un',
  toSignIn: 'Déjà un compte\u202f?',
  toSignInLink: 'Se connecter',
  guestNote:
    'Vous pouvez continuer à jouer sans compte. Avec un compte, vos parties vous suivent sur tous vos appareils, vous jouez des parties classées et vous avez un classement.',
  seatsNote: 'Les parties que vous jouez dans ce navigateur passent à votre compte.',
  alreadyIn: (name) => `Vous êtes connecté en tant que ${name}.`,
  errWrong: 'Le nom d’utilisateur ou le mot de passe est faux.',
  errNameTaken: 'Ce nom d’utilisateur est déjà pris. Choisissez-en un autre.',
  errLimited: 'Trop de tentatives. Attendez un peu et réessayez.',
  errLimitedIn: (n, unit) =>
    `Trop de tentatives. Réessayez dans ${n} ${unit === 'second' ? 'seconde' : 'minute'}${n === 1 ? '' : 's'}.`,
  errName: 'Un nom d’utilisateur a de 3 à 20 lettres, chiffres, _ ou -.',
  errPassword: (min, max) => `Un mot de passe a de ${min} à ${max} caractères.`,
  errMismatch: 'Les deux mots de passe ne sont pas identiques.',
  errCsrf: 'La demande a été refusée pour votre sécurité. Rechargez la page et réessayez.',
  errRequired: 'Connectez-vous d’abord.',

  accountTitle: 'Votre compte',
  signedInAs: (name) => `Connecté en tant que ${name}`,
  memberSince: (date) => `Membre depuis le ${date}`,
  playerPage: 'Votre page de joueur',
  myGamesLink: 'Vos parties',
  changePassword: 'Changer le mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  changeButton: 'Changer le mot de passe',
  passwordChanged: 'Le mot de passe est changé. Vos autres appareils sont déconnectés.',
  signOut: 'Se déconnecter',
  signOutAll: 'Se déconnecter partout',
  signOutAllNote: 'Déconnecte tous les appareils où vous êtes connecté, celui-ci aussi.',
  deleteTitle: 'Supprimer le compte',
  deleteNote:
    'Votre compte, vos classements et vos connexions sont supprimés pour de bon. Les parties jouées restent, sous le nom «\u202fdeleted player\u202f»\u202f; vos parties en cours se terminent (annulées, ou abandonnées si des coups ont été joués).',
  deleteConfirm: 'J’ai compris\u202f: supprimer mon compte pour de bon',
  deleteButton: 'Supprimer le compte',
  deleted: 'Votre compte est supprimé.',
  notSignedIn: 'Vous n’êtes pas connecté',
  signInToSee: 'Connectez-vous pour voir votre compte, ou créez-en un.',

  myGamesTitle: 'Mes parties',
  myGamesIntro:
    'Vos parties en cours, sur tous vos appareils\u202f: d’abord celles qui attendent votre coup.',
  myGamesSignIn: 'Connectez-vous pour voir vos parties sur tous vos appareils.',
  myGamesEmpty: 'Vous n’avez aucune partie en cours.',
  toLobby: 'Trouver un adversaire dans le salon',
  startGame: 'Commencer une partie',
  yourMove: 'À vous',
  theirMove: 'À l’adversaire',
  waitingOpponent: 'En attente d’un adversaire',
  against: (name) => `contre ${name}`,
  asSide: (side) => `vous jouez les ${side}`,
  timeLeft: (left) => `reste ${left}`,
  openGame: 'Ouvrir',
  playGame: 'Jouer',
  loading: 'Chargement…',
  loadFailed: 'Vos parties n’ont pas pu être chargées.',

  rated: 'Classée',
  casual: 'Amicale',
  ratedOrCasual: 'Classée ou amicale',
  ratedNote: 'Une partie classée change le classement des deux joueurs à la fin.',
  ratedNeedsSignIn: 'Connectez-vous pour jouer des parties classées.',
  ratedNeedsPreset:
    'Seules les règles nommées du Brandubh et de l’Ard-ri se jouent en classé, pas vos propres règles.',
  ratedNeedsClock:
    'Une partie classée a besoin d’une pendule\u202f: choisissez des jours par coup ou un temps en direct.',
  range: 'Qui peut rejoindre',
  rangeAny: 'Tout le monde',
  rangeNote: 'Les joueurs dont le classement est à au plus cet écart du vôtre.',
  playingAs: (name) => `Vous jouez en tant que ${name}.`,

  seekBy: (rating) => `créateur ${rating}`,
  joinSignIn: 'Connectez-vous pour jouer en classé',
  joinRange: 'Hors de votre écart de classement',
  joinOwn: 'Votre propre partie',

  errSeatRated:
    'Une partie classée se joue entre joueurs connectés\u202f: connectez-vous pour prendre cette place.',
  errSeatOwn: 'C’est votre propre partie\u202f: attendez un adversaire.',
  errSeatRange: 'Votre classement est hors de l’écart que demande cette partie.',
  errSeatNone: 'Votre compte n’a pas de place dans cette partie.',
  errCreateRated:
    'Cette partie ne peut pas être classée\u202f: connectez-vous, choisissez des règles nommées et une pendule.',
  errPlayerUnknown: 'Aucun joueur ne porte ce nom.',
  errTournamentUnknown: 'Ce tournoi n’existe pas.',
  errTournamentClosed:
    'Le tournoi a commencé ou est terminé\u202f: personne n’y entre ni n’en sort maintenant.',
  errTournamentFull: 'Le tournoi est complet.',
  errTournamentInvalid: 'Ce tournoi ne peut pas être créé.',
  errGameTournament: 'Une partie de tournoi ne peut pas être annulée\u202f: la pendule décide.',
};

export const ACCOUNT_TEXT: { readonly [l in Lang]: AccountText } = { en, es, fr };

export const accountText = (t: Messages): AccountText => ACCOUNT_TEXT[langOf(t)];
