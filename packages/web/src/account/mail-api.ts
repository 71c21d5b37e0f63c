/**
 * The HTTP calls of mail (protocol-mail.ts): the account's address and settings, and the two
 * links of the mails (confirming the address, unsubscribing), each a POST of the link's token.
 * Each answers with the value or the server's refusal (online/api.ts); the session's CSRF token
 * goes with every POST.
 */

import type { MailConfirmed, MailLang, MailSettings, MailState } from '@tafl/server/protocol';
import { createRequester, type ApiResult, type CsrfSource, type Fetch } from '../online/api.js';

export interface MailApi {
  state(): Promise<ApiResult<MailState>>;
  /** Sets the address: a confirmation mail is sent to it. */
  setAddress(address: string, lang: MailLang): Promise<ApiResult<MailState>>;
  settings(settings: Partial<MailSettings>, lang: MailLang): Promise<ApiResult<MailState>>;
  remove(): Promise<ApiResult<MailState>>;
  confirm(token: string): Promise<ApiResult<MailConfirmed>>;
  unsubscribe(token: string): Promise<ApiResult<object>>;
}

export function createMailApi(fetcher?: Fetch, base?: string, csrf?: CsrfSource): MailApi {
  const request = createRequester(fetcher, base, csrf);
  return {
    state: () => request<MailState>('GET', 'api/mail'),
    setAddress: (address, lang) => request<MailState>('POST', 'api/mail/address', { address, lang }),
    settings: (settings, lang) => request<MailState>('POST', 'api/mail/settings', { ...settings, lang }),
    remove: () => request<MailState>('POST', 'api/mail/remove', {}),
    confirm: (token) => request<MailConfirmed>('POST', 'api/mail/confirm', { token }),
    unsubscribe: (token) => request<object>('POST', 'api/mail/unsubscribe', { token }),
  };
}

let page: MailApi | undefined;
export const pageMailApi = (): MailApi => (page ??= createMailApi());
