import type { FastifyStaticOptions } from '@fastify/static';

/** Versioned files never change: cache them for a year and never revalidate. */
export const IMMUTABLE: Pick<FastifyStaticOptions, 'maxAge' | 'immutable'> = {
  maxAge: 365 * 24 * 60 * 60 * 1000, // @fastify/send takes milliseconds; it sends max-age=31536000
  immutable: true,
};

/** Pages and other unversioned files: may be stored, but revalidated on every use. */
export const REVALIDATE = 'no-cache';

/** The registry: never stored, so a deploy or rollback is seen on the next read. */
export const NEVER_STORE = 'no-cache, no-store';

/**
 * The shell's HTML: it carries the registry as this caller sees it (canary buckets, decision 024), so
 * only the browser may store it, and revalidates it on every use so a deploy is seen at once.
 */
export const PERSONAL_PAGE = 'private, no-cache';
