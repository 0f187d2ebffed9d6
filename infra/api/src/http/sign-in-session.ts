// The sign-in a request belongs to: the access token's `sid` (the refresh-token family, which
// survives refreshes). Punchout mode lives with it (decision 052): the punchout's own routes read it,
// and placement and the submission for approval hand it to the punchout's gate so that a cart that
// goes back to a procurement system is not ordered in the portal.
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';

/** The `sid` of the request's access token (already verified by the caller plugin); null without one. */
export function signInSessionOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  try {
    const sid = decodeJwt(header.slice(7)).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}
