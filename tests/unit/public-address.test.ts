/*
 * The one check of "is this address outside the public internet" (server/lib/public-address.ts)
 * that every outgoing call on a stranger's word uses. Issue 44 item 10: an IPv6 address that
 * carries an IPv4 one (IPv4-compatible, IPv4-mapped, NAT64, 6to4, Teredo) is judged as that
 * IPv4, written either way, so 127.0.0.1 or 169.254.169.254 cannot come in through IPv6.
 */
import { describe, expect, it } from 'vitest';
import { isNotPublic } from '../../server/lib/public-address';

const judged = (addresses: string[]) => addresses.map((a) => [a, isNotPublic(a)]);
const all = (addresses: string[], value: boolean) => addresses.map((a) => [a, value]);

describe('isNotPublic', () => {
  it('judges IPv4 and plain IPv6 as before', () => {
    const inside = ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::', '::1', 'fc00::1', 'fe80::1'];
    expect(judged(inside)).toEqual(all(inside, true));
    const outside = ['8.8.8.8', '203.0.114.1', '2001:4860:4860::8888'];
    expect(judged(outside)).toEqual(all(outside, false));
  });

  it('::/96 (IPv4-compatible): the IPv4 in its last 32 bits', () => {
    const inside = ['::127.0.0.1', '::7f00:1', '::a9fe:a9fe', '::10.0.0.1'];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(isNotPublic('::8.8.8.8')).toBe(false);
  });

  it('::ffff:0:0/96 (IPv4-mapped), dotted or in hex as a URL writes it', () => {
    const inside = ['::ffff:127.0.0.1', '::ffff:7f00:1', '::FFFF:a9fe:a9fe', '::ffff:192.168.1.1'];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(judged(['::ffff:8.8.8.8', '::ffff:808:808'])).toEqual(
      all(['::ffff:8.8.8.8', '::ffff:808:808'], false),
    );
  });

  it('::ffff:0:0:0/96 (IPv4-translated, RFC 2765): the IPv4 in its last 32 bits (issue 66 item 12)', () => {
    const inside = [
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a9fe:a9fe',
      '::ffff:0:a00:1',
    ];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(isNotPublic('::ffff:0:808:808')).toBe(false);
  });

  it('64:ff9b::/96 (NAT64, RFC 6052): the IPv4 in its last 32 bits', () => {
    const inside = ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe'];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(isNotPublic('64:ff9b::808:808')).toBe(false);
  });

  it('64:ff9b:1::/48 (local-use NAT64, RFC 8215): inside if any embedding its prefix may use is', () => {
    const inside = [
      '64:ff9b:1::7f00:1', // a /96 prefix: 127.0.0.1 in the last 32 bits
      '64:ff9b:1:7f00:0:100::', // a /48 prefix: 127.0 before the u octet, 0.1 after
      '64:ff9b:1:7f:a:0:100::', // a /56 prefix: 127 before it, 10.0.1 after (10.0.0.1 ... 10.0.1.0)
      '64:ff9b:1:0:a9:fea9:fe00:0', // a /64 prefix: 169.254.169.254 after the u octet
    ];
    expect(judged(inside)).toEqual(all(inside, true));
    // 8.8.8.8 wherever a prefix of that range could have put it.
    expect(isNotPublic('64:ff9b:1:808:8:808:808:808')).toBe(false);
  });

  it('2002::/16 (6to4): the IPv4 in bits 16 to 47', () => {
    const inside = ['2002:7f00:1::', '2002:c0a8:101::1', '2002:a9fe:a9fe:1::1'];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(isNotPublic('2002:808:808::1')).toBe(false);
  });

  it('2001::/32 (Teredo): the client’s IPv4, its last 32 bits inverted', () => {
    const inside = [
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // 127.0.0.1
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // 10.0.0.1
      '2001::5601:5601', // 169.254.169.254... inverted: a9fe:a9fe
    ];
    expect(judged(inside)).toEqual(all(inside, true));
    expect(isNotPublic('2001:0:4136:e378:8000:63bf:f7f7:f7f7')).toBe(false); // 8.8.8.8
  });

  it('refuses fec0::/10 (site-local), and what is not an address at all', () => {
    const inside = ['fec0::1', 'feff::1', 'example.com', ''];
    expect(judged(inside)).toEqual(all(inside, true));
  });
});
