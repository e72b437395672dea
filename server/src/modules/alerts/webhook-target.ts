import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import type { ErrorCode } from '../../contracts/errors';
import { WEBHOOK_URL_MAX } from '../../contracts/usage';

/** Addresses a webhook may never reach: private, loopback, link-local, shared, reserved. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
// IPv6 addresses that carry an IPv4 address (:: and ::1 among them) are judged by that address
// (EMBEDDED_IPV4), except in the two ranges where it is not simply the peer's, refused whole:
// local-use NAT64 (64:ff9b:1::/48, translated by the site's own network) and Teredo (2001::/32,
// a relay's address beside an obfuscated client address).
for (const [net, bits] of [
  ['64:ff9b:1::', 48],
  ['2001::', 32],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * IPv6 ranges whose addresses carry an IPv4 address, and the byte it starts at: IPv4-mapped
 * (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96), NAT64's well-known
 * prefix (64:ff9b::/96) and 6to4 (2002::/16). Reaching one reaches that IPv4 address.
 */
const EMBEDDED_IPV4: [ipaddr.IPv6, number, number][] = (
  [
    ['::ffff:0:0', 96, 12],
    ['::ffff:0:0:0', 96, 12],
    ['::', 96, 12],
    ['64:ff9b::', 96, 12],
    ['2002::', 16, 2],
  ] as const
).map(([net, bits, at]) => [ipaddr.IPv6.parse(net), bits, at]);

/** The IPv4 address an IPv6 address carries (see EMBEDDED_IPV4), or null. */
export function embeddedIPv4(address: string): string | null {
  if (isIP(address) !== 6) return null;
  const parsed = ipaddr.IPv6.parse(address);
  const range = EMBEDDED_IPV4.find(([net, bits]) => parsed.match(net, bits));
  if (!range) return null;
  const at = range[2];
  return parsed
    .toByteArray()
    .slice(at, at + 4)
    .join('.');
}

/** Whether a webhook may connect to this address (loopback only when the test flag allows it). */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (allowLoopback && LOOPBACK.check(bare, family(bare))) return true;
  const ipv4 = embeddedIPv4(bare);
  if (ipv4 !== null) return addressAllowed(ipv4, allowLoopback);
  return !PRIVATE.check(bare, family(bare));
}

/** Why a webhook URL is refused: the error code the settings call answers with, and the reason. */
export interface WebhookUrlProblem {
  code: Extract<ErrorCode, 'alerts.webhook_url_invalid' | 'alerts.webhook_url_private'>;
  message: string;
}

const invalid = (message: string): WebhookUrlProblem => ({
  code: 'alerts.webhook_url_invalid',
  message,
});

/**
 * Why a webhook URL is refused, or null: https only (http only to loopback when the test flag is
 * set), no credentials, no private or loopback address literal, at most WEBHOOK_URL_MAX characters.
 * Host names are checked again when the delivery connects (webhookAgent), so DNS cannot point a
 * public-looking name at a private address.
 */
export function webhookUrlProblem(text: string, allowLoopback: boolean): WebhookUrlProblem | null {
  if (text.length > WEBHOOK_URL_MAX)
    return invalid(`webhook_url is too long (max ${WEBHOOK_URL_MAX})`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return invalid('webhook_url is not a URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHost =
    allowLoopback &&
    (host === 'localhost' || (isIP(host) !== 0 && LOOPBACK.check(host, family(host))));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHost)) {
    return invalid('webhook_url must be an https:// URL');
  }
  if (url.username || url.password) {
    return invalid('webhook_url must not carry a user name or password');
  }
  if (isIP(host) !== 0 && !addressAllowed(host, allowLoopback)) {
    return {
      code: 'alerts.webhook_url_private',
      message: 'webhook_url must not point at a private or loopback address',
    };
  }
  return null;
}

/**
 * The dispatcher every webhook goes through: each address a host name resolves to is checked before
 * the connection is made (the check and the connect use the same answer, so a second lookup
 * cannot swap in a private address), and the connection has a deadline.
 */
export function webhookAgent(allowLoopback: boolean, timeoutMs: number): Agent {
  const lookup = (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !addressAllowed(a.address, allowLoopback));
      if (refused) {
        return callback(new Error(`${hostname} resolves to a private address`), []);
      }
      const wantsAll = (options as { all?: boolean }).all;
      if (wantsAll) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
  return new Agent({
    connect: { lookup, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}
