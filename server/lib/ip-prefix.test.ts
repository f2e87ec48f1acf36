import { describe, expect, it } from 'vitest';
import { ipPrefix } from './ip-prefix.ts';

describe('ipPrefix', () => {
  it('keeps the /24 of an IPv4 address', () => {
    expect(ipPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(ipPrefix('10.1.2.3')).toBe('10.1.2.0/24');
  });

  it('treats an IPv4-mapped IPv6 address as IPv4', () => {
    expect(ipPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
  });

  it('keeps the first 48 bits of an IPv6 address', () => {
    expect(ipPrefix('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd::/48');
    expect(ipPrefix('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(ipPrefix('::1')).toBe('0:0:0::/48');
    expect(ipPrefix('fe80::1%eth0')).toBe('fe80:0:0::/48');
  });

  it('stores nothing for a missing or unparsable address', () => {
    expect(ipPrefix(undefined)).toBeNull();
    expect(ipPrefix('')).toBeNull();
    expect(ipPrefix('not-an-ip')).toBeNull();
    expect(ipPrefix('300.1.1.1')).toBeNull();
  });
});
