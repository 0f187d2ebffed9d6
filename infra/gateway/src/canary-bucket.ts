import { createHash } from 'node:crypto';

/**
 * The bucket, 0–99, of one identity for one remote's canary: the first 32 bits of
 * sha256(`<remote>:<id>`) modulo 100. The same id always lands in the same bucket (sticky, on every
 * gateway instance, with no state); salting with the remote spreads the canaries of different remotes
 * over different users. 2^32 mod 100 leaves a bias of under one in 40 million.
 */
export function canaryBucket(remote: string, id: string): number {
  return createHash('sha256').update(`${remote}:${id}`).digest().readUInt32BE(0) % 100;
}

/**
 * Whether `id` gets the canary of `remote` at `percent` %. Buckets below `percent` are in, so raising
 * the percent only adds users: nobody in the canary is moved out of it by a ramp-up.
 */
export function inCanary(remote: string, id: string, percent: number): boolean {
  return canaryBucket(remote, id) < percent;
}
