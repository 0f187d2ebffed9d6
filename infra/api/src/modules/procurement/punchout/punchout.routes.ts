// The punchout's routes (issue 34, decision 052): the cXML setup request and the OCI call from a
// procurement system (no token: the procurement identity's credential), the one-time start and
// transfer pages a browser opens, and the signed-in buyer's session and transfer.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { API_ERRORS, CATALOG_ERRORS, OciEntrySchema, PUNCHOUT_ERRORS, PunchoutSessionSchema, PunchoutTokenParamsSchema, PunchoutTransferSchema } from '@portal/shared/schemas';
import { requireCustomer } from '../../../common/scope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { signInSessionOf } from '../../../http/sign-in-session';
import { resolveScope } from '../../../plugins/request-context';
import { CxmlRefusal, statusResponse } from '../protocol/cxml-envelope';
import { XML_LIMITS } from '../protocol/xml';
import { REFUSAL_PAGE_CSP, renderLinkRefusal, renderTransferPage, transferPageCsp } from './punchout-pages';
import type { PunchoutService } from './punchout.service';

const TAG = 'punchout';
const CXML_TYPE = 'text/xml; charset=utf-8';

export interface PunchoutRouteOptions {
  db: Db;
  publicBaseUrl: string;
  /** The tokens cookie lives as long as the refresh token (the shell's own cookie does). */
  refreshTokenTtlSeconds: number;
  rateLimit: { max: number; timeWindow: number };
}

const customerOnly = (caller: Parameters<typeof requireCustomer>[0]) =>
  requireCustomer(caller, { code: CATALOG_ERRORS.CUSTOMERS_ONLY, message: 'Punchout is for customer accounts' }, { code: API_ERRORS.UNAUTHORIZED, message: 'Sign in to continue' });

/** A used or expired link opened in a browser: the page says so in the buyer's language. */
function linkRefusal(reply: FastifyReply, request: FastifyRequest) {
  return reply.code(410).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', REFUSAL_PAGE_CSP).send(renderLinkRefusal(request.locale));
}

export function registerPunchoutRoutes(app: FastifyInstance, registry: RouteRegistry, service: PunchoutService, opts: PunchoutRouteOptions) {
  const host = new URL(opts.publicBaseUrl).host;
  const secure = opts.publicBaseUrl.startsWith('https:');
  // Each route counts on its own: a procurement system's setup and its buyer's start come from other addresses anyway.
  const perIp = (route: string) => ({ rateLimit: { ...opts.rateLimit, keyGenerator: (req: FastifyRequest) => `punchout-${route}:${req.ip}` } });

  // The setup request is XML: read as a string (the reader in protocol/xml.ts refuses DTDs and entities),
  // and every refusal, the framework's too (too large, wrong type), is answered as a cXML Status.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(['text/xml', 'application/xml'], { parseAs: 'string', bodyLimit: XML_LIMITS.punchoutSetup }, (_request, body, done) => done(null, body));
    const cxmlError = (error: FastifyError | CxmlRefusal, request: FastifyRequest, reply: FastifyReply) => {
      const [status, reason] =
        error instanceof CxmlRefusal
          ? [error.status, error.message]
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? [413, `The document is larger than ${XML_LIMITS.punchoutSetup} bytes`]
            : error.statusCode === 429
              ? [429, 'Too many requests; try again later']
              : error.statusCode && error.statusCode < 500
                ? [400, 'Send a cXML PunchOutSetupRequest as text/xml']
                : [500, 'The punchout could not be set up; try again'];
      if (status >= 500) request.log.error({ err: error }, 'punchout setup failed');
      else request.log.info({ status, reason }, 'punchout setup refused');
      return reply.code(status).type(CXML_TYPE).header('cache-control', 'no-store').send(statusResponse(host, status, reason));
    };
    defineRoute(scope, registry, {
      method: 'POST',
      url: '/punchout/cxml/setup',
      operationId: 'punchoutCxmlSetup',
      summary: 'cXML PunchOutSetupRequest (create, edit, inspect): answers a PunchOutSetupResponse with a one-time start URL',
      description:
        'The Sender credential (domain, Identity, SharedSecret) must be a procurement identity of an organisation; the BrowserFormPost URL\'s ' +
        'origin one of its return origins. Edit and inspect restore the cart from the ItemOut lines. The start URL is valid once, for a few ' +
        'minutes. Refusals are cXML Status documents whose code is the HTTP status (400 malformed or hostile XML, 401 credential, 403 return origin, 413 too large). ' +
        'DTD internal subsets and entity declarations are refused.',
      tags: [TAG],
      auth: 'none',
      body: v.string(),
      bodyContentType: 'text/xml',
      manualBodyValidation: true,
      bodyLimit: XML_LIMITS.punchoutSetup,
      config: perIp('setup'),
      errorHandler: cxmlError,
      responses: {
        200: { description: 'PunchOutSetupResponse with StartPage/URL', contentType: 'text/xml' },
        400: { description: `Not a PunchOutSetupRequest, or XML with a DTD subset or entities (${PUNCHOUT_ERRORS.BAD_REQUEST})`, contentType: 'text/xml' },
        401: { description: `Unknown Sender credential or wrong SharedSecret (${PUNCHOUT_ERRORS.BAD_CREDENTIAL})`, contentType: 'text/xml' },
        403: { description: `BrowserFormPost URL outside the identity's return origins (${PUNCHOUT_ERRORS.ORIGIN_NOT_ALLOWED})`, contentType: 'text/xml' },
        413: { description: 'Larger than 256 KB', contentType: 'text/xml' },
      },
      handler: async ({ request, reply }) => {
        if (typeof request.body !== 'string') throw new CxmlRefusal(400, 'Send a cXML PunchOutSetupRequest as text/xml');
        const xml = await service.setup(request.body);
        return reply.code(200).type(CXML_TYPE).header('cache-control', 'no-store').send(xml);
      },
    });
  });

  // OCI: the procurement system opens the catalogue with a GET link or a POSTed form.
  const ociHandler = async (entry: v.InferOutput<typeof OciEntrySchema>, request: FastifyRequest, reply: FastifyReply) => {
    const startUrl = await service.oci(entry);
    return reply.code(303).header('cache-control', 'no-store').redirect(startUrl, 303);
  };
  const ociResponses = {
    303: { description: 'To the one-time start URL (signs the OCI user in, in punchout mode)' },
    400: { description: `USERNAME, PASSWORD or HOOK_URL missing or not valid (${API_ERRORS.VALIDATION_FAILED})` },
    401: { description: `Unknown USERNAME or wrong PASSWORD (${PUNCHOUT_ERRORS.BAD_CREDENTIAL})` },
    403: { description: `HOOK_URL outside the identity's return origins (${PUNCHOUT_ERRORS.ORIGIN_NOT_ALLOWED})` },
  };
  defineRoute(app, registry, {
    method: 'GET',
    url: '/punchout/oci',
    operationId: 'punchoutOciGet',
    summary: 'SAP OCI catalogue call (USERNAME, PASSWORD, HOOK_URL, ~TARGET in the query): redirects to a one-time start URL',
    tags: [TAG],
    auth: 'none',
    querystring: OciEntrySchema,
    config: perIp('oci'),
    responses: ociResponses,
    handler: async ({ request, reply, query }) => ociHandler(query, request, reply),
  });
  defineRoute(app, registry, {
    method: 'POST',
    url: '/punchout/oci',
    operationId: 'punchoutOciPost',
    summary: 'SAP OCI catalogue call as a POSTed form: redirects to a one-time start URL',
    tags: [TAG],
    auth: 'none',
    body: OciEntrySchema,
    bodyContentType: 'application/x-www-form-urlencoded',
    config: perIp('oci'),
    responses: ociResponses,
    handler: async ({ request, reply, body }) => ociHandler(body, request, reply),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/punchout/start/:token',
    operationId: 'punchoutStart',
    summary: "The one-time start URL: signs the procurement identity's user in, in punchout mode, and opens the portal",
    description: 'Sets the session cookie a password sign-in sets, then redirects to the portal. A used, unknown or expired link answers 410 with a page.',
    tags: [TAG],
    auth: 'none',
    params: PunchoutTokenParamsSchema,
    config: perIp('start'),
    responses: { 303: { description: 'Signed in: to the portal' }, 410: { description: `Used, unknown or expired (${PUNCHOUT_ERRORS.LINK_EXPIRED})`, contentType: 'text/html' } },
    handler: async ({ request, reply, params }) => {
      let started;
      try {
        started = await service.start(params.token, { ip: request.ip, requestId: String(request.id) });
      } catch (err) {
        if (err instanceof AppError && err.code === PUNCHOUT_ERRORS.LINK_EXPIRED) return linkRefusal(reply, request);
        throw err;
      }
      const { tokens, locale } = started;
      // The shell's own session cookie (shared/src/session/token-cookie.ts): the token set as JSON,
      // readable by its scripts, for as long as the refresh token lives.
      const set = { ...tokens, expires_at: Date.now() + tokens.expires_in * 1000 };
      const expires = new Date(Date.now() + opts.refreshTokenTtlSeconds * 1000).toUTCString();
      const attributes = `Path=/; Expires=${expires}; SameSite=Lax${secure ? '; Secure' : ''}`;
      reply.header('set-cookie', [`tokens=${encodeURIComponent(JSON.stringify(set))}; ${attributes}`, `punchout=1; ${attributes}`]);
      return reply.code(303).header('cache-control', 'no-store').redirect(`/${locale}`, 303);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/punchout/session',
    operationId: 'punchoutSession',
    summary: "The caller's punchout session (protocol, where the cart goes back to): 404 when the sign-in is not a punchout",
    tags: [TAG],
    auth: 'bearer',
    responses: {
      200: { description: 'The punchout session', schema: PunchoutSessionSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Staff (${CATALOG_ERRORS.CUSTOMERS_ONLY})` },
      404: { description: `Not a punchout sign-in, or its cart was transferred (${PUNCHOUT_ERRORS.NOT_PUNCHOUT})` },
    },
    handler: async ({ request, caller, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.session(customerOnly(caller), signInSessionOf(request));
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/punchout/transfer',
    operationId: 'punchoutTransfer',
    summary: 'Transfers the cart: answers the one-time page that posts it (cXML PunchOutOrderMessage or OCI fields) to the procurement system',
    tags: [TAG],
    auth: 'bearer',
    responses: {
      200: { description: 'The page to open', schema: PunchoutTransferSchema },
      401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
      403: { description: `Staff (${CATALOG_ERRORS.CUSTOMERS_ONLY})` },
      404: { description: `Not a punchout sign-in (${PUNCHOUT_ERRORS.NOT_PUNCHOUT})` },
      409: { description: `The cart is empty (${PUNCHOUT_ERRORS.CART_EMPTY})` },
    },
    handler: async ({ request, caller, reply }) => {
      const customer = customerOnly(caller);
      reply.header('cache-control', 'no-store');
      return service.transfer(customer, signInSessionOf(request), await resolveScope(opts.db, customer, 'portal', request.locale));
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/punchout/transfer/:token',
    operationId: 'punchoutTransferPage',
    summary: 'The one-time transfer page: a form posting the cart to the return URL, submitted at once',
    tags: [TAG],
    auth: 'none',
    params: PunchoutTokenParamsSchema,
    responses: { 200: { description: 'The page', contentType: 'text/html' }, 410: { description: `Used, unknown or expired (${PUNCHOUT_ERRORS.LINK_EXPIRED})`, contentType: 'text/html' } },
    handler: async ({ request, reply, params }) => {
      let form;
      try {
        form = await service.transferPage(params.token);
      } catch (err) {
        if (err instanceof AppError && err.code === PUNCHOUT_ERRORS.LINK_EXPIRED) return linkRefusal(reply, request);
        throw err;
      }
      // The session's cart has left: the shell's punchout marker goes with it.
      reply.header('set-cookie', `punchout=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax${secure ? '; Secure' : ''}`);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', transferPageCsp(form.origin))
        .send(renderTransferPage(form));
    },
  });
}
