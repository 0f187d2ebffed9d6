// Decorates every /api request with its caller, decoded from the Bearer access token, and refuses a
// caller whose account or membership has been deactivated since the token was issued.
import { API_ERRORS, AUTH_ERRORS } from '@portal/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CALLER, type Caller } from '../caller';
import { AppError } from '../errors';
import { InvalidTokenError, type TokenSigner } from '../modules/oauth/tokens';
import type { AccessState } from './access-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: a user within an organisation, staff, an anonymous session, or public. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Skip reading the Authorization header (token endpoint, health, docs). */
    skipCaller?: boolean;
  }
}

export function registerCaller(app: FastifyInstance, signer: TokenSigner, stillActive: AccessState) {
  app.decorateRequest('caller', null as never);
  app.addHook('onRequest', async (request) => {
    request.caller = PUBLIC_CALLER;
    if (request.routeOptions.config?.skipCaller) return;
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
    if (!match?.[1]) {
      throw new AppError(401, API_ERRORS.TOKEN_INVALID, 'The Authorization header must be "Bearer <access token>"', undefined, {
        'www-authenticate': 'Bearer error="invalid_request"',
      });
    }
    let caller: Caller;
    try {
      caller = await signer.verify(match[1]);
    } catch (err) {
      if (!(err instanceof InvalidTokenError)) throw err;
      throw new AppError(401, err.expired ? API_ERRORS.TOKEN_EXPIRED : API_ERRORS.TOKEN_INVALID, err.message, undefined, {
        'www-authenticate': `Bearer error="invalid_token", error_description="${err.message}"`,
      });
    }
    // The same code as a refused sign-in: the client ends the session and the login page says why.
    if (!(await stillActive(caller))) {
      throw new AppError(401, AUTH_ERRORS.ACCOUNT_DISABLED, 'This account is disabled in this organisation', undefined, {
        'www-authenticate': 'Bearer error="invalid_token", error_description="The account is disabled"',
      });
    }
    request.caller = caller;
  });
}
