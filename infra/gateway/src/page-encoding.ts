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

/** The page compressed once per shell version, so the maximum level costs nothing per request. */
export function encode(body: Buffer, encoding: PageEncoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  return body;
}
