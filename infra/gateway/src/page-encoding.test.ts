import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, negotiatePageEncoding } from './page-encoding';

describe('negotiatePageEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0', 'identity'],
    ['identity', 'identity'],
    [undefined, 'identity'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(negotiatePageEncoding(header)).toBe(expected);
  });
});

describe('encode', () => {
  it('round-trips through brotli and gzip', () => {
    const body = Buffer.from('<html>'.repeat(100));
    expect(brotliDecompressSync(encode(body, 'br')).equals(body)).toBe(true);
    expect(gunzipSync(encode(body, 'gzip')).equals(body)).toBe(true);
    expect(encode(body, 'identity')).toBe(body);
  });
});
