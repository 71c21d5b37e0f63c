/**
 * The words of accounts: the header's account link and "My games", signing up and
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
  navSignIn: 'Iniciar sesión',
  navMyGames: 'Mis partidas',
  myTurnBadge: (n) => (n === 1 ? 'una partida espera tu jugada' : `${n} partidas esperan tu jugada`),
  navAccount: (name) => `${name}: tu cuenta`,

  signInTitle: 'Iniciar sesión',
  signUpTitle: 'Crear una cuenta',
  userName: 'Nombre de usuario',
  userNameHint: 'De 3 a 20 letras, cifras, _ o -. Es el nombre que verán los demás junto a tus partidas.',
  password: 'Contraseña',
  passwordHint: (min) => `Al menos ${min} caracteres.`,
  passwordAgain: 'Repite la contraseña',
  signInButton: 'Iniciar sesión',
  signUpButton: 'Crear la cuenta',
  working: 'Un momento…',
  toSignUp: '¿Aún no tienes cuenta?',
  toSignUpLink: 'Crea una',
  toSignIn: '¿Ya tienes cuenta?',
  toSignInLink: 'Inicia sesión',
  guestNote:
    'Puedes seguir jugando sin cuenta. Con una, tus partidas te acompañan en todos tus dispositivos, juegas partidas puntuables y tienes tu propia puntuación.',
  seatsNote: 'Las partidas que juegas en este navegador pasarán a tu cuenta.',
  alreadyIn: (name) => `Has iniciado sesión como ${name}.`,
  errWrong: 'El nombre de usuario o la contraseña no son correctos.',
  errNameTaken: 'Ese nombre de usuario ya está en uso: elige otro.',
  errLimited: 'Demasiados intentos: espera un poco y vuelve a intentarlo.',
  errLimitedIn: (n, unit) =>
    `Demasiados intentos: vuelve a intentarlo dentro de ${n} ${unit === 'second' ? 'segundo' : 'minuto'}${n === 1 ? '' : 's'}.`,
  errName: 'El nombre de usuario debe tener de 3 a 20 letras, cifras, _ o -.',
  errPassword: (min, max) => `La contraseña debe tener de ${min} a ${max} caracteres.`,
  errMismatch: 'Las dos contraseñas no coinciden.',
  errCsrf: 'Por seguridad, se ha rechazado la petición. Recarga la página y vuelve a intentarlo.',
  errRequired: 'Primero tienes que iniciar sesión.',

  accountTitle: 'Tu cuenta',
  signedInAs: (name) => `Sesión iniciada como ${name}`,
  memberSince: (date) => `Miembro desde el ${date}`,
  playerPage: 'Tu página de jugador',
  myGamesLink: 'Tus partidas',
  changePassword: 'Cambiar la contraseña',
  currentPassword: 'Contraseña actual',
  newPassword: 'Contraseña nueva',
  changeButton: 'Cambiar la contraseña',
  passwordChanged: 'Contraseña cambiada. Se ha cerrado la sesión en tus demás dispositivos.',
  signOut: 'Cerrar sesión',
  signOutAll: 'Cerrar sesión en todas partes',
  signOutAllNote: 'Cierra la sesión en todos los dispositivos donde la tengas abierta, también en este.',
  deleteTitle: 'Borrar la cuenta',
  deleteNote:
    'Se borran para siempre tu cuenta, tus puntuaciones y tus sesiones. Las partidas que jugaste se conservan, pero ya sin tu nombre; las que tengas en curso terminan (anuladas o, si ya se había hecho alguna jugada, abandonadas).',
  deleteConfirm: 'Lo entiendo: borrar mi cuenta para siempre',
  deleteButton: 'Borrar la cuenta',
  deleted: 'Tu cuenta se ha borrado.',
  notSignedIn: 'No has iniciado sesión',
  signInToSee: 'Inicia sesión para ver tu cuenta, o crea una.',

  myGamesTitle: 'Mis partidas',
  myGamesIntro: 'Tus partidas en curso, en todos tus dispositivos: primero, las que esperan tu jugada.',
  myGamesSignIn: 'Inicia sesión para ver tus partidas en todos tus dispositivos.',
  myGamesEmpty: 'No tienes ninguna partida en curso.',
  toLobby: 'Busca rival en la sala',
  startGame: 'Empezar una partida',
  yourMove: 'Te toca',
  theirMove: 'Le toca a tu rival',
  waitingOpponent: 'Esperando rival',
  against: (name) => `contra ${name}`,
  asSide: (side) => `juegas con los ${side}`,
  timeLeft: (left) => `quedan ${left}`,
  openGame: 'Abrir',
  playGame: 'Jugar',
  loading: 'Cargando…',
  loadFailed: 'No se han podido cargar tus partidas.',

  rated: 'Puntuable',
  casual: 'Amistosa',
  ratedOrCasual: 'Puntuable o amistosa',
  ratedNote: 'Al terminar, una partida puntuable cambia la puntuación de los dos jugadores.',
  ratedNeedsSignIn: 'Inicia sesión para jugar partidas puntuables.',
  ratedNeedsPreset:
    'Solo son puntuables los reglamentos con nombre del Brandubh y del Ard Ri, no tus propias reglas.',
  ratedNeedsClock:
    'Una partida puntuable necesita un ritmo de juego: elige días por jugada o un ritmo en directo.',
  range: 'Quién puede unirse',
  rangeAny: 'Cualquiera',
  rangeNote: 'Jugadores cuya puntuación no se aleje de la tuya más de estos puntos.',
  playingAs: (name) => `Juegas como ${name}.`,

  seekBy: (rating) => `puntuación del creador: ${rating}`,
  joinSignIn: 'Inicia sesión para jugarla',
  joinRange: 'Fuera de tu margen de puntuación',
  joinOwn: 'Es tu partida',

  errSeatRated:
    'Las partidas puntuables solo las juegan jugadores con sesión iniciada: inicia sesión para ocupar este puesto.',
  errSeatOwn: 'Esta partida es tuya: espera a que se una un rival.',
  errSeatRange: 'Tu puntuación queda fuera del margen que pide esta partida.',
  errSeatNone: 'Tu cuenta no tiene ningún puesto en esta partida.',
  errCreateRated:
    'Esta partida no puede ser puntuable: inicia sesión y elige un reglamento con nombre y un ritmo de juego.',
  errPlayerUnknown: 'No hay ningún jugador con ese nombre.',
  errTournamentUnknown: 'Ese torneo no existe.',
  errTournamentClosed: 'El torneo ya ha empezado o ha terminado: ya no se puede entrar ni salir.',
  errTournamentFull: 'El torneo está completo.',
  errTournamentInvalid: 'No se puede crear ese torneo.',
  errGameTournament: 'Una partida de torneo no se puede anular: la decide el reloj.',
};

const fr: AccountText = {
  navSignIn: 'Se connecter',
  navMyGames: 'Mes parties',
  myTurnBadge: (n) =>
    n === 1 ? 'une partie où c’est à vous de jouer' : `${n} parties où c’est à vous de jouer`,
  navAccount: (name) => `${name}\u202f: votre compte`,

  signInTitle: 'Se connecter',
  signUpTitle: 'Créer un compte',
  userName: 'Nom d’utilisateur',
  userNameHint:
    'De 3 à 20 lettres, chiffres, _ ou -. C’est le nom que les autres verront à côté de vos parties.',
  password: 'Mot de passe',
  passwordHint: (min) => `Au moins ${min} caractères.`,
  passwordAgain: 'Confirmez le mot de passe',
  signInButton: 'Se connecter',
  signUpButton: 'Créer le compte',
  working: 'Un instant…',
  toSignUp: 'Pas encore de compte\u202f?',
  toSignUpLink: 'En créer un',
  toSignIn: 'Déjà un compte\u202f?',
  toSignInLink: 'Se connecter',
  guestNote:
    'Vous pouvez continuer à jouer sans compte. Avec un compte, vos parties vous suivent sur tous vos appareils, vous jouez des parties classées et vous avez une cote.',
  seatsNote: 'Les parties jouées dans ce navigateur seront rattachées à votre compte.',
  alreadyIn: (name) => `Vous êtes connecté sous le nom ${name}.`,
  errWrong: 'Nom d’utilisateur ou mot de passe incorrect.',
  errNameTaken: 'Ce nom d’utilisateur est déjà pris\u202f: choisissez-en un autre.',
  errLimited: 'Trop de tentatives\u202f: patientez un peu, puis réessayez.',
  errLimitedIn: (n, unit) =>
    `Trop de tentatives\u202f: réessayez dans ${n} ${unit === 'second' ? 'seconde' : 'minute'}${n > 1 ? 's' : ''}.`,
  errName: 'Un nom d’utilisateur compte de 3 à 20 lettres, chiffres, _ ou -.',
  errPassword: (min, max) => `Un mot de passe compte de ${min} à ${max} caractères.`,
  errMismatch: 'Les deux mots de passe ne correspondent pas.',
  errCsrf: 'Par sécurité, la demande a été refusée. Rechargez la page, puis réessayez.',
  errRequired: 'Connectez-vous d’abord.',

  accountTitle: 'Votre compte',
  signedInAs: (name) => `Connecté sous le nom ${name}`,
  memberSince: (date) => `Membre depuis le ${date}`,
  playerPage: 'Votre page de joueur',
  myGamesLink: 'Vos parties',
  changePassword: 'Changer le mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  changeButton: 'Changer le mot de passe',
  passwordChanged: 'Le mot de passe a été changé. Vos autres appareils ont été déconnectés.',
  signOut: 'Se déconnecter',
  signOutAll: 'Se déconnecter partout',
  signOutAllNote: 'Déconnecte tous les appareils où vous êtes connecté, y compris celui-ci.',
  deleteTitle: 'Supprimer le compte',
  deleteNote:
    'Votre compte, vos cotes et vos sessions sont supprimés définitivement. Les parties que vous avez jouées restent, mais sans votre nom\u202f; vos parties en cours prennent fin (annulées, ou abandonnées si des coups ont déjà été joués).',
  deleteConfirm: 'J’ai compris\u202f: supprimer définitivement mon compte',
  deleteButton: 'Supprimer le compte',
  deleted: 'Votre compte a été supprimé.',
  notSignedIn: 'Vous n’êtes pas connecté',
  signInToSee: 'Connectez-vous pour voir votre compte, ou créez-en un.',

  myGamesTitle: 'Mes parties',
  myGamesIntro:
    'Vos parties en cours, sur tous vos appareils\u202f: d’abord celles où c’est à vous de jouer.',
  myGamesSignIn: 'Connectez-vous pour retrouver vos parties sur tous vos appareils.',
  myGamesEmpty: 'Vous n’avez aucune partie en cours.',
  toLobby: 'Trouver un adversaire dans le salon',
  startGame: 'Commencer une partie',
  yourMove: 'À vous',
  theirMove: 'À l’adversaire',
  waitingOpponent: 'En attente d’un adversaire',
  against: (name) => `contre ${name}`,
  asSide: (side) => `vous jouez les ${side}`,
  timeLeft: (left) => `il reste ${left}`,
  openGame: 'Ouvrir',
  playGame: 'Jouer',
  loading: 'Chargement…',
  loadFailed: 'Vos parties n’ont pas pu être chargées.',

  rated: 'Classée',
  casual: 'Amicale',
  ratedOrCasual: 'Classée ou amicale',
  ratedNote: 'À la fin d’une partie classée, la cote des deux joueurs change.',
  ratedNeedsSignIn: 'Connectez-vous pour jouer des parties classées.',
  ratedNeedsPreset:
    'Seules les variantes nommées du Brandubh et de l’Ard-ri se jouent en partie classée, pas vos propres règles.',
  ratedNeedsClock:
    'Une partie classée demande une cadence\u202f: choisissez des jours par coup ou une cadence en direct.',
  range: 'Qui peut rejoindre',
  rangeAny: 'Tout le monde',
  rangeNote: 'Les joueurs dont la cote s’écarte de la vôtre d’au plus ce nombre de points.',
  playingAs: (name) => `Vous jouez sous le nom ${name}.`,

  seekBy: (rating) => `cote du créateur\u202f: ${rating}`,
  joinSignIn: 'Connectez-vous pour la jouer',
  joinRange: 'Votre cote est hors de l’écart demandé',
  joinOwn: 'Votre propre partie',

  errSeatRated:
    'Une partie classée se joue entre joueurs connectés\u202f: connectez-vous pour prendre cette place.',
  errSeatOwn: 'C’est votre propre partie\u202f: attendez qu’un adversaire la rejoigne.',
  errSeatRange: 'Votre cote est hors de l’écart que demande cette partie.',
  errSeatNone: 'Votre compte n’a aucune place dans cette partie.',
  errCreateRated:
    'Cette partie ne peut pas être classée\u202f: connectez-vous, puis choisissez une variante nommée et une cadence.',
  errPlayerUnknown: 'Aucun joueur ne porte ce nom.',
  errTournamentUnknown: 'Ce tournoi n’existe pas.',
  errTournamentClosed:
    'Le tournoi a commencé ou est terminé\u202f: on ne peut plus s’y inscrire ni s’en retirer.',
  errTournamentFull: 'Le tournoi est complet.',
  errTournamentInvalid: 'Ce tournoi ne peut pas être créé.',
  errGameTournament: 'Une partie de tournoi ne peut pas être annulée\u202f: c’est le temps qui tranche.',
};

export const ACCOUNT_TEXT: { readonly [l in Lang]: AccountText } = { en, es, fr };

export const accountText = (t: Messages): AccountText => ACCOUNT_TEXT[langOf(t)];
