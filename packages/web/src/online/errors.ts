/**
 * A refusal in the player's language: each code of the protocol a player can meet has its
 * sentence in the catalogues; a code without one (a newer server's) shows the server's own
 * sentence, which says what went wrong in English.
 */

import type { Messages } from '../i18n/index.js';
import type { RefusalCode } from './api.js';
import { playText } from './play-text.js';
import { presenceText } from './presence-text.js';
import { accountText } from '../account/text.js';
import { mailText } from '../account/mail-text.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tafl/server/protocol';

export function refusalText(t: Messages, code: RefusalCode | string, message: string): string {
  switch (code) {
    case 'msg/json':
    case 'msg/schema':
    case 'msg/size':
    case 'msg/depth':
      return t.errMessage;
    case 'rate/limited':
      return t.errRateLimited;
    case 'game/unknown':
      return t.errGameUnknown;
    case 'http/not-found':
      return t.errNotFound;
    case 'game/over':
      return t.errGameOver;
    case 'game/waiting':
      return t.errGameWaiting;
    case 'game/watch-limit':
      return t.errWatchLimit;
    case 'seat/token':
      return t.errSeatToken;
    case 'seat/taken':
      return t.errSeatTaken;
    case 'move/stale':
      return t.errMoveStale;
    case 'move/turn':
      return t.errMoveTurn;
    case 'move/syntax':
    case 'move/illegal':
      return t.errMoveIllegal;
    case 'time/out':
      return t.errTimeOut;
    case 'draw/none':
      return t.errDrawNone;
    case 'rematch/none':
      return t.errRematchNone;
    case 'rematch/taken':
      return t.errRematchTaken;
    case 'abort/late':
      return t.errAbortLate;
    case 'takeback/casual':
      return playText(t).errTakebackCasual;
    case 'takeback/none':
      return playText(t).errTakebackNone;
    case 'takeback/nothing':
      return playText(t).errTakebackNothing;
    case 'claim/present':
      return presenceText(t).errClaimPresent;
    case 'claim/early':
      return presenceText(t).errClaimEarly;
    case 'claim/none':
      return presenceText(t).errClaimNone;
    case 'create/rules':
      return t.errCreateRules;
    case 'create/name':
      return t.errCreateName;
    case 'create/limit':
      return t.errCreateLimit;
    case 'create/time':
      return t.errCreateTime;
    case 'create/side':
      return t.errCreateSide;
    case 'server/busy':
      return t.errServerBusy;
    case 'server/error':
      return t.errServerError;
    case 'analysis/none':
      return t.errAnalysisNone;
    case 'analysis/not-over':
      return t.errAnalysisNotOver;
    case 'analysis/invalid':
      return t.errAnalysisInvalid;
    case 'analysis/shallower':
      return t.errAnalysisShallower;
    case 'auth/wrong':
      return accountText(t).errWrong;
    case 'auth/limited': {
      // The server says when (`...; try again in 12 minutes`): said again in the player's words.
      const when = /try again in (\d+) (second|minute)s?\b/.exec(message);
      return when
        ? accountText(t).errLimitedIn(Number(when[1]), when[2] as 'second' | 'minute')
        : accountText(t).errLimited;
    }
    case 'auth/name-taken':
      return accountText(t).errNameTaken;
    case 'auth/name':
      return accountText(t).errName;
    case 'auth/password':
      return accountText(t).errPassword(PASSWORD_MIN, PASSWORD_MAX);
    case 'auth/required':
      return accountText(t).errRequired;
    case 'csrf/refused':
      return accountText(t).errCsrf;
    case 'seat/rated':
      return accountText(t).errSeatRated;
    case 'seat/own':
      return accountText(t).errSeatOwn;
    case 'seat/range':
      return accountText(t).errSeatRange;
    case 'seat/none':
      return accountText(t).errSeatNone;
    case 'create/rated':
      return accountText(t).errCreateRated;
    case 'player/unknown':
      return accountText(t).errPlayerUnknown;
    case 'tournament/unknown':
      return accountText(t).errTournamentUnknown;
    case 'tournament/closed':
      return accountText(t).errTournamentClosed;
    case 'tournament/full':
      return accountText(t).errTournamentFull;
    case 'tournament/invalid':
      return accountText(t).errTournamentInvalid;
    case 'game/tournament':
      return accountText(t).errGameTournament;
    case 'mail/address':
      return mailText(t).errMailAddress;
    case 'mail/token':
      return mailText(t).errMailToken;
    case 'mail/none':
      return mailText(t).errMailNone;
    case 'mail/off':
      return mailText(t).errMailOff;
    case 'net/failed':
      return t.errNetFailed;
    case 'net/response':
      return t.errNetResponse;
    default:
      return message;
  }
}
