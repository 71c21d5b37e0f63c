/**
 * The tokens of a mail's links, and the key an address is counted under.
 *
 * A confirmation link and an unsubscribe link carry a token of 32 bytes. The database keeps the
 * SHA-256 of each, to find its address, never the token: the token is derived when a mail is
 * written (an HMAC with the server's `mail` secret, Store.secret) from what it belongs to: its
 * account, its address and the moment that address was set (the unsubscribe link) or the
 * confirmation asked for (the confirmation link, which then works a day). So a mail queued
 * before a restart is written with the same token, the queue holds no token, and a new address,
 * or a new confirmation asked for, ends the links of the one before.
 */

import { createHash, createHmac } from 'node:crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** What the database keeps of a token: its SHA-256 (hex). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token of `purpose` for `userId`'s address `address`, set (or confirmation asked) at `at`. */
export function linkToken(
  secret: string,
  purpose: LinkPurpose,
  userId: string,
  address: string,
  at: number,
): string {
  return createHmac('sha256', secret)
    .update(`mail-${purpose}:${userId}:${address}:${at}`)
    .digest('base64url');
}

/**
 * The key an address's mails are counted under for the hourly limit: an HMAC of it in lower
 * case, so that the limits' table holds no address and two accounts with one address share it.
 */
export function addressKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`mail-address:${address.toLowerCase()}`).digest('hex');
}
