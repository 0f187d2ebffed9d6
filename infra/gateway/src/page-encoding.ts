import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** How the page is sent: brotli, gzip or as is. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best encoding the client accepts. The page is served from Fastify's not-found handler, which
 * @fastify/compress does not reach (it hooks routes only), so the page does its own negotiation.
 */
export function negotiatePageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Compresses the page. `max` is for what is compressed once per shell version (the level costs nothing
 * per request); `fast` for a page made per request (the levels @fastify/compress uses for assets).
 */
export function encode(body: Buffer, encoding: PageEncoding, effort: 'max' | 'fast' = 'max'): Buffer {
  const fast = effort === 'fast';
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } });
  if (encoding === 'gzip') return gzipSync(body, { level: fast ? 6 : 9 });
  return body;
}
