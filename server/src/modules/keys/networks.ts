import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

export type Network = [IPv4 | IPv6, number];

/**
 * An IPv4/IPv6 address or CIDR as a network (an address alone is a /32 or /128); null when it is
 * neither. IPv4-mapped IPv6 addresses ("::ffff:10.0.0.1") are read as the IPv4 address.
 */
export function parseNetwork(text: string): Network | null {
  const trimmed = text.trim();
  const address = trimmed.split('/')[0];
  // Only dotted quads and IPv6 text: not the classful "1.2.3" or hex forms inet_aton also reads.
  const plain = address.includes(':')
    ? ipaddr.IPv6.isValid(address)
    : ipaddr.IPv4.isValidFourPartDecimal(address);
  if (!plain) return null;
  try {
    if (trimmed.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(trimmed);
      if (address.kind() === 'ipv6' && (address as IPv6).isIPv4MappedAddress() && prefix >= 96) {
        return [(address as IPv6).toIPv4Address(), prefix - 96];
      }
      return [address, prefix];
    }
    const address = ipaddr.process(trimmed);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** The network in its canonical text: the range's first address and prefix ("10.0.0.0/8"). */
export function formatNetwork([address, prefix]: Network): string {
  const full = address.kind() === 'ipv4' ? 32 : 128;
  if (prefix === full) return address.toString();
  const first =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return `${first.toString()}/${prefix}`;
}

/** Whether the caller's address is in one of the networks (false for an unreadable address). */
export function inNetworks(ip: string, networks: readonly Network[]): boolean {
  let address: IPv4 | IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return networks.some(
    ([range, prefix]) => range.kind() === address.kind() && address.match(range, prefix),
  );
}
