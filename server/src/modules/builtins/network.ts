import { isIP } from 'node:net';
import { invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const MAPPED_V4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** IPv4 clients reach a dual-stack socket as `::ffff:a.b.c.d`; report the address they know. */
function plainIp(ip: string): string {
  return MAPPED_V4.exec(ip)?.[1] ?? ip;
}

const ip: BuiltinHandler = (req) => {
  const address = plainIp(req.ip);
  const version = isIP(address);
  return ok({
    ip: address,
    version: version === 0 ? null : version,
    user_agent: req.headers['user-agent'] ?? '',
    accept_language: req.headers['accept-language'] ?? null,
  });
};

interface Address {
  version: 4 | 6;
  value: bigint;
}

function parseV4(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(part), 0n);
}

function parseV6(text: string): bigint {
  let body = text;
  const tail: number[] = [];
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(body);
  if (v4) {
    const value = Number(parseV4(v4[1]));
    tail.push(value >>> 16, value & 0xffff);
    body = body.slice(0, -v4[1].length);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const [head, rest] = body.split('::');
  const groups = (part: string | undefined) =>
    part
      ? part
          .split(':')
          .filter((g) => g !== '')
          .map((g) => Number.parseInt(g, 16))
      : [];
  const left = groups(head);
  const right = [...groups(rest), ...tail];
  const fill = rest === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right].reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

function parseAddress(text: string, label: string): Address {
  const address = plainIp(text.trim().replace(/%.*$/, ''));
  const version = isIP(address);
  if (version === 4) return { version, value: parseV4(address) };
  if (version === 6) return { version, value: parseV6(address) };
  throw invalidParam(`${label} is not a valid IPv4 or IPv6 address`);
}

function formatV4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

/** RFC 5952 text: lower case, leading zeros dropped, the longest run of zero groups as `::`. */
function formatV6(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) =>
    Number((value >> BigInt(112 - 16 * i)) & 0xffffn),
  );
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length && j - i > 1) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hexGroups = groups.map((g) => g.toString(16));
  if (best.start < 0) return hexGroups.join(':');
  const head = hexGroups.slice(0, best.start).join(':');
  const tail = hexGroups.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

function formatAddress(version: 4 | 6, value: bigint): string {
  return version === 4 ? formatV4(value) : formatV6(value);
}

const ipCidr: BuiltinHandler = (req) => {
  const ipText = requiredString(req, 'ip', 64);
  const cidrText = requiredString(req, 'cidr', 64);
  const address = parseAddress(ipText, "parameter 'ip'");
  const [base, prefixText, extra] = cidrText.trim().split('/');
  if (prefixText === undefined || extra !== undefined || !/^\d{1,3}$/.test(prefixText)) {
    throw invalidParam("parameter 'cidr' must look like 192.168.0.0/16 or 2001:db8::/32");
  }
  const network = parseAddress(base, "the address in parameter 'cidr'");
  const bits = network.version === 4 ? 32 : 128;
  const prefix = Number(prefixText);
  if (prefix > bits) {
    throw invalidParam(`the prefix length in parameter 'cidr' must be between 0 and ${bits}`);
  }
  const hostBits = BigInt(bits - prefix);
  const first = (network.value >> hostBits) << hostBits;
  const last = first | ((1n << hostBits) - 1n);
  const inRange =
    address.version === network.version && address.value >= first && address.value <= last;
  const allOnes = (1n << BigInt(bits)) - 1n;
  return ok({
    ip: formatAddress(address.version, address.value),
    in_range: inRange,
    range: {
      cidr: `${formatAddress(network.version, first)}/${prefix}`,
      version: network.version,
      prefix,
      netmask: network.version === 4 ? formatV4(allOnes ^ ((1n << hostBits) - 1n)) : null,
      first: formatAddress(network.version, first),
      last: formatAddress(network.version, last),
      size: (1n << hostBits).toString(),
    },
  });
};

export const NETWORK_HANDLERS = {
  ip,
  'ip-cidr': ipCidr,
} satisfies Record<string, BuiltinHandler>;
