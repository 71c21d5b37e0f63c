/**
 * The words of the installed app: a new version ready to load, the online screens' notice when
 * the device is offline or the server cannot be reached, and "your move" in a background tab (its
 * title and its system notification, and the button that asks leave to show one). English is the
 * reference; Spanish and French have its shape (a missing key fails to compile). `pwaText(t)`
 * finds the language of the page's catalogue. French puts U+202F before : ; ? !.
 */

import type { Lang, Messages } from '../i18n/index.js';
import { langOf } from '../game/feedback-text.js';

const NB = '\u202f';

const en = {
  // A new version (UpdateNotice.tsx).
  updateReady: 'A new version is ready.',
  updateReload: 'Reload',
  updateLater: 'Later',

  // The online screens (OfflineNotice.tsx).
  offline: 'You are offline.',
  offlineDetail:
    'This page comes back by itself when the network does. Games against the computer or on this device, lessons, rules and puzzles work without it.',
  unreachable: 'The server cannot be reached.',
  unreachableDetail: 'This page tries again by itself.',

  // Your move, in a tab that is not shown (online/your-move.ts).
  yourMoveTitle: 'Your move',
  yourMoveBody: (opponent: string, game: string) => `${opponent} has moved in ${game}. It is your move.`,
  notifyOffer: 'Tell me when it is my move',
  notifyOn: 'When it is your move and this tab is not shown, a notification tells you.',
  notifyBlocked: 'Notifications are blocked for this site in the browser’s settings.',
};

export type PwaText = typeof en;

const es: PwaText = {
  updateReady: 'Hay una versión nueva lista.',
  updateReload: 'Recargar',
  updateLater: 'Más tarde',

  offline: 'No tienes conexión.',
  offlineDetail:
    'Esta página vuelve sola cuando vuelve la red. Las partidas contra el ordenador o en este dispositivo, las lecciones, las reglas y los problemas funcionan sin ella.',
  unreachable: 'No se puede contactar con el servidor.',
  unreachableDetail: 'Esta página lo vuelve a intentar sola.',

  yourMoveTitle: 'Te toca mover',
  yourMoveBody: (opponent, game) => `${opponent} ha movido en ${game}. Te toca mover.`,
  notifyOffer: 'Avisarme cuando me toque mover',
  notifyOn: 'Cuando te toque mover y esta pestaña no se vea, un aviso te lo dirá.',
  notifyBlocked: 'Los avisos de este sitio están bloqueados en la configuración del navegador.',
};

const fr: PwaText = {
  updateReady: 'Une nouvelle version est prête.',
  updateReload: 'Recharger',
  updateLater: 'Plus tard',

  offline: 'Vous êtes hors ligne.',
  offlineDetail: `Cette page revient d’elle-même avec le réseau. Les parties contre l’ordinateur ou sur cet appareil, les leçons, les règles et les problèmes marchent sans lui.`,
  unreachable: 'Le serveur est injoignable.',
  unreachableDetail: 'Cette page réessaie d’elle-même.',

  yourMoveTitle: 'À vous de jouer',
  yourMoveBody: (opponent, game) => `${opponent} a joué dans ${game}. À vous de jouer${NB}!`,
  notifyOffer: 'Me prévenir quand c’est à moi de jouer',
  notifyOn:
    'Quand c’est à vous de jouer et que cet onglet n’est pas affiché, une notification vous prévient.',
  notifyBlocked: 'Les notifications de ce site sont bloquées dans les réglages du navigateur.',
};

export const PWA_TEXT: { readonly [l in Lang]: PwaText } = { en, es, fr };

export const pwaText = (t: Messages): PwaText => PWA_TEXT[langOf(t)];
