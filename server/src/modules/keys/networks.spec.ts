import { formatNetwork, inNetworks, parseNetwork } from './networks';

const canonical = (text: string) => {
  const network = parseNetwork(text);
  return network && formatNetwork(network);
};

describe('key networks', () => {
  it('reads addresses and CIDRs of both families into canonical text', () => {
    expect(canonical('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(canonical(' 1.2.3.4 ')).toBe('1.2.3.4');
    expect(canonical('2001:db8::1/32')).toBe('2001:db8::/32');
    expect(canonical('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(canonical('::ffff:10.0.0.0/104')).toBe('10.0.0.0/8');
    for (const bad of ['x', '10.0.0.0/33', '1.2.3', '::1/129', '', '10.0.0.1/']) {
      expect(canonical(bad)).toBeNull();
    }
  });

  it('matches callers of the same family, IPv4-mapped ones as IPv4', () => {
    const networks = ['10.0.0.0/8', '2001:db8::/32'].map((t) => parseNetwork(t)!);
    expect(inNetworks('10.9.9.9', networks)).toBe(true);
    expect(inNetworks('::ffff:10.9.9.9', networks)).toBe(true);
    expect(inNetworks('2001:db8::5', networks)).toBe(true);
    expect(inNetworks('11.0.0.1', networks)).toBe(false);
    expect(inNetworks('::1', networks)).toBe(false);
    expect(inNetworks('not an ip', networks)).toBe(false);
  });
});
