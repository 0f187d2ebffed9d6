// Decorates every /api request with its caller, decoded from the Bearer access token, and refuses a
// caller whose account or membership has been deactivated since the token was issued. A customer
// acting for an organisation acts with their membership's role as the same check read it, not with
// the token's (decision 060). A request
// for the contract range (X-Shop-Type: portal) gets its organisation's active contract from the
// same statement as that check (`request.checkedContractId`, read by plugins/request-context.ts).
import { API_ERRORS, AUTH_ERRORS, INTEGRATION_ERRORS } from '@portal/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_CALLER, type Caller } from '../caller';
import { AppError } from '../errors';
import { InvalidTokenError, type TokenSigner } from '../common/access-tokens';
import type { AccessCheck } from './access-state';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: a user within an organisation, staff, an anonymous session, or public. */
    caller: Caller;
    /**
     * The active contract of the caller's organisation as read with the access check (null: none);
     * undefined when it was not read (no signed-in caller, or the request is not for the portal).
     */
    checkedContractId: string | null | undefined;
  }
  interface FastifyContextConfig {
    /** Skip reading the Authorization header (token endpoint, health, docs). */
    skipCaller?: boolean;
  }
}

export function registerCaller(app: FastifyInstance, signer: TokenSigner, checkAccess: AccessCheck) {
  app.decorateRequest('caller', null as never);
  app.decorateRequest('checkedContractId', undefined);
  app.addHook('onRequest', async (request) => {
    request.caller = PUBLIC_CALLER;
    request.checkedContractId = undefined;
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
    const access = await checkAccess(caller, request.headers['x-shop-type'] === 'portal');
    if (!access.active && caller.kind === 'integration') {
      throw new AppError(401, INTEGRATION_ERRORS.CLIENT_REVOKED, 'This integration client has been revoked', undefined, {
        'www-authenticate': 'Bearer error="invalid_token", error_description="The client has been revoked"',
      });
    }
    if (!access.active) {
      throw new AppError(401, AUTH_ERRORS.ACCOUNT_DISABLED, 'This account is disabled in this organisation', undefined, {
        'www-authenticate': 'Bearer error="invalid_token", error_description="The account is disabled"',
      });
    }
    // The membership's role now, never the token's: who may administer or approve (decision 060).
    request.caller = access.role && caller.kind === 'customer' ? { ...caller, role: access.role } : caller;
    request.checkedContractId = access.contractId;
  });
}
