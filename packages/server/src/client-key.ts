/**
 * The key a client's limits are counted by, shared by the server (app.ts) and the routes it
 * registers (accounts/routes.ts): a module of its own, so that a route never imports the app that
 * imports it.
 */

import { isIPv6 } from 'node:net';

/**
 * The key a client's limits are counted by: its IPv4 address, or its IPv6 address's /64 (one
 * subscriber's network, whose 2^64 addresses are all the same client's to pick from).
 */
export function clientKey(address: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (v4) return v4;
  if (!isIPv6(address)) return address;
  const bare = address.replace(/%.*$/, '');
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
