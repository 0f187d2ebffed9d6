// Builds the API service: database, migrations, demo data, and every route under ONE encapsulated
// plugin at /api with its own error and not-found handlers. The root context is left to the caller
// (the gateway registers its static files and root not-found handler on the returned instance).
import { API_ERRORS } from '@portal/shared/schemas';
import { createHmac, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { openDatabase, runMigrations, type Database } from './db/client';
import { seedDemoData } from './db/seed/demo';
import { loadEnv, resolveSigningKey, type Env } from './env';
import { checkRowShapes } from './db/typed-rows';
import { RouteRegistry } from './http/route';
import { createAddressRepository } from './modules/addresses/addresses.repository';
import { registerAddressRoutes } from './modules/addresses/addresses.routes';
import { createCheckoutRepository } from './modules/checkout/checkout.repository';
import { registerCheckoutRoutes } from './modules/checkout/checkout.routes';
import { createCheckoutService } from './modules/checkout/checkout.service';
import { createIdempotencyStore } from './modules/orders/orders.idempotency';
import { createOrderReader } from './modules/orders/orders.read';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { registerOrderRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { enqueuePlacedOrderConfirmation } from './common/order-confirmation';
import { createCartRepository } from './modules/cart/cart.repository';
import { registerCartRoutes } from './modules/cart/cart.routes';
import { createCartService } from './modules/cart/cart.service';
import { createOrderHistoryRepository } from './modules/order-history/order-history.repository';
import { registerOrderHistoryRoutes } from './modules/order-history/order-history.routes';
import { createOrderHistoryService } from './modules/order-history/order-history.service';
import { createOrderMessagesRepository } from './modules/order-messages/order-messages.repository';
import { registerOrderMessageRoutes } from './modules/order-messages/order-messages.routes';
import { createOrderMessagesService } from './modules/order-messages/order-messages.service';
import { createOrderStatusRepository } from './modules/order-status/order-status.repository';
import { registerOrderStatusRoutes } from './modules/order-status/order-status.routes';
import { createOrderStatusService } from './modules/order-status/order-status.service';
import { createQuotationsRepository } from './modules/quotations/quotations.repository';
import { registerQuotationRoutes } from './modules/quotations/quotations.routes';
import { createQuotationsService } from './modules/quotations/quotations.service';
import { createCatalogCache } from './modules/catalog/catalog-cache';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { registerCatalogRoutes } from './modules/catalog/catalog.routes';
import { createAccountRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createFailureDelays, createLoginThrottle } from './common/throttle';
import { createPeriodicJob, type PeriodicJob } from './common/jobs';
import { closeRedis, openRedis, redisReady } from './common/redis';
import { createSharedStores } from './common/shared-stores';
import { createDecoyCodes } from './modules/auth/decoy-codes';
import type { Redis } from 'ioredis';
import { createChallenges } from './common/verification-codes/challenge';
import { registerDocsRoutes } from './modules/docs/docs.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { createImagesRepository } from './modules/images/images.repository';
import { registerImageRoutes } from './modules/images/images.routes';
import { createImagesService } from './modules/images/images.service';
import { createDispatcher, type Dispatcher } from './modules/mail/dispatcher';
import { registerMailboxRoutes } from './modules/mail/mailbox.routes';
import { createLogTransport, createSmtpTransport } from './modules/mail/transports';
import { createSmsProvider } from './modules/mail/sms-providers';
import { registerMeRoutes } from './modules/me/me.routes';
import { registerPreferenceRoutes } from './modules/me/preferences.routes';
import { createOrderDocumentsRepository } from './modules/order-documents/order-documents.repository';
import { registerOrderDocumentsRoutes } from './modules/order-documents/order-documents.routes';
import { createOrderDocumentsService, type OrderDocumentsService } from './modules/order-documents/order-documents.service';
import { createPaymentExpiryJob, type PaymentExpiryJob } from './modules/payments/payment-expiry';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { registerPaymentsRoutes } from './modules/payments/payments.routes';
import { payerFromCookies } from './modules/payments/payer-session';
import { createRefunder, createRefundJob, type RefundJob } from './modules/payments/refund-job';
import { createRefundsRepository } from './modules/payments/refunds.repository';
import { cartPort } from './modules/cart/cart.repository';
import { stock } from './modules/catalog/stock';
import { discounts } from './modules/checkout/discounts';
import { paymentOrders } from './modules/orders/orders.payment-side';
import { quotationPort } from './modules/quotations/quotations.ports';
import { createPaymentsService, type PaymentsService } from './modules/payments/payments.service';
import { paymentProviderFromEnv } from './common/payments/index';
import { createAuthRepository } from './modules/oauth/oauth.repository';
import { registerOAuthRoutes } from './modules/oauth/oauth.routes';
import { createOAuthService } from './modules/oauth/oauth.service';
import { createTokenSigner } from './common/access-tokens';
import { createRouteRulesRepository } from './modules/route-rules/route-rules.repository';
import { registerRouteRuleRoutes } from './modules/route-rules/route-rules.routes';
import { createTranslationsRepository } from './modules/translations/translations.repository';
import { registerTranslationRoutes } from './modules/translations/translations.routes';
import { createContactRepository } from './modules/contact/contact.repository';
import { registerContactRoutes } from './modules/contact/contact.routes';
import { createContactService } from './modules/contact/contact.service';
import { createNewsletterLinks } from './modules/newsletter/newsletter-links';
import { createNewsletterRepository } from './modules/newsletter/newsletter.repository';
import { registerNewsletterRoutes } from './modules/newsletter/newsletter.routes';
import { createNewsletterService } from './modules/newsletter/newsletter.service';
import { createOrganisationRepository } from './modules/organisation/organisation.repository';
import { registerOrganisationRoutes } from './modules/organisation/organisation.routes';
import { createOrganisationService } from './modules/organisation/organisation.service';
import { createProfileRepository } from './modules/profile/profile.repository';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createUsersRepository } from './modules/users/users.repository';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createAccessState } from './plugins/access-state';
import { registerCaller } from './plugins/caller';
import { registerRequestContext } from './plugins/request-context';
import { PROBLEM_CONTENT_TYPE, registerProblemHandlers } from './plugins/problem';
import { clientErrorHandler } from './http/client-error';

export { loadEnv, type Env } from './env';
export { demoAccounts, type DemoAccount } from './db/seed/accounts';

const API_VERSION = '0.1.0';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's database (decorated on the root so the gateway and tests can reach it). */
    database: Database;
    /** The validated configuration the app was built with. */
    apiEnv: Env;
    /** Delivers the outbox (mail and SMS); tests call `runOnce()`. */
    mailDispatcher: Dispatcher;
    /** Online payment (decision 019): create, webhooks, retry; the checkout's PaymentStarter. */
    payments: PaymentsService;
    /** Moves unpaid orders to payment_expired; tests call `runOnce()`. */
    paymentExpiry: PaymentExpiryJob;
    refundJob: RefundJob;
    /** The order-form PDF, rendered once per order and stored. */
    orderDocuments: OrderDocumentsService;
    /** Answered quotations past their validity date expire; tests call `runOnce()`. */
    quotationExpiry: PeriodicJob<number>;
    /** The shared store (REDIS_URL), undefined in the embedded run; readiness pings it (decision 023). */
    redis: Redis | undefined;
  }
}

export interface BuildAppOptions {
  /** Overrides of the environment read by loadEnv(). */
  env?: Partial<Env>;
  /** false: silent; true: JSON logs at env.logLevel; an object: pino options or a logger instance. */
  logger?: boolean | object;
  /** Sees every route as it is registered (the access matrix builds its list from the real app). */
  onRoute?: (route: RouteOptions) => void;
}

function mergeEnv(overrides: Partial<Env> = {}): Env {
  const env = { ...loadEnv(), ...overrides };
  if (overrides.dataDir && !overrides.pgliteDataDir) env.pgliteDataDir = `${overrides.dataDir}/pglite`;
  return env;
}

function loggerOptions(env: Env, logger: BuildAppOptions['logger']): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (logger === false) return { logger: false };
  if (logger && typeof logger === 'object' && typeof (logger as { info?: unknown }).info === 'function') {
    return { loggerInstance: logger as FastifyServerOptions['loggerInstance'] };
  }
  const base = { level: env.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  return { logger: logger && typeof logger === 'object' ? { ...base, ...logger } : base };
}

export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const env = mergeEnv(options.env);
  const signingKey = resolveSigningKey(env);
  // Hand-written SQL's rows are checked against their shapes outside production (decision 040).
  checkRowShapes(env.nodeEnv !== 'production');
  const app = Fastify({
    ...loggerOptions(env, options.logger ?? true),
    trustProxy: env.trustProxy,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // A caller-supplied X-Request-Id is kept when it is sane, so logs can be followed across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Unparsable requests are answered with `Connection: close` (see http/client-error.ts).
    clientErrorHandler,
    routerOptions: { maxParamLength: 256 },
    // Malformed URLs never reach a route; answer them as problem details too.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return (reply as FastifyReply)
        .code(status)
        .headers({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' })
        .type(PROBLEM_CONTENT_TYPE)
        .send({ title: 'Bad Request', status, code: API_ERRORS.BAD_URL, detail: 'The URL is not valid', requestId: String(request.id) });
    },
  });

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const database = await openDatabase(env, app.log);
  try {
    await runMigrations(database, env);
    if (env.seedDemo && (await seedDemoData(database.db))) app.log.info('seeded demo data');
  } catch (err) {
    await database.close();
    throw err;
  }
  // Graceful shutdown: in-flight requests finish, and their keep-alive connections are closed
  // after the response instead of holding close() open until the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.decorate('database', database);
  app.decorate('apiEnv', env);
  app.addHook('onClose', async () => {
    await database.close();
  });
  // What instances must agree on (limits, throttles, decoys) lives in Redis when configured (decision 023).
  const redis = openRedis(env.redisUrl, app.log);
  app.decorate('redis', redis);
  if (redis) {
    app.addHook('onClose', async () => closeRedis(redis));
    // The first requests should not race the connection; a Redis that is down now is not fatal (limits fail closed).
    if (!(await redisReady(redis))) app.log.warn({}, 'redis is not reachable yet: rate-limited routes answer 503 until it is');
  }
  const stores = createSharedStores(redis, env.redisPrefix);

  const signer = createTokenSigner({ key: signingKey, issuer: env.jwtIssuer, audience: env.jwtAudience, ttlSeconds: env.accessTokenTtlSeconds });
  const authRepo = createAuthRepository(database.db);
  // Codes are keyed with a key derived from (not equal to) the token signing key.
  const codeKey = new Uint8Array(createHmac('sha256', signingKey).update('verification-codes').digest());
  const challenges = createChallenges(new Uint8Array(createHmac('sha256', signingKey).update('two-factor-challenges').digest()), env.loginCodeTtlSeconds);
  const oauth = createOAuthService({ repo: authRepo, signer, env, codeKey, challenges });
  const decoys = createDecoyCodes({
    maxAttempts: env.loginCodeMaxAttempts,
    ttlMs: env.emailVerificationTtlSeconds * 1000,
    ...(redis ? { redis: { client: redis, prefix: env.redisPrefix } } : {}),
  });
  const accounts = createAuthService({ repo: createAccountRepository(database.db), env, codeKey, challenges, decoys });
  const delays = createFailureDelays({ baseMs: env.authFailureDelayMs, windowMs: env.tokenFailureWindowSeconds * 1000, counters: stores.counters('delay') });
  const logins = createLoginThrottle({
    pairLimit: env.tokenFailureLimit,
    accountLimit: env.tokenAccountFailureLimit,
    windowSeconds: env.tokenFailureWindowSeconds,
    baseDelayMs: env.authFailureDelayMs,
    limiter: stores.limiter,
  });

  // Mail over SMTP when configured; otherwise, outside production, a transport that only logs (the
  // dev mailbox shows the mail). In production without SMTP_URL mail waits in the outbox.
  const production = env.nodeEnv === 'production';
  const orderDocuments = createOrderDocumentsService({ repo: createOrderDocumentsRepository(database.db) });
  // Modules own their tables (decision 039): what one changes of another's inside its own
  // transaction goes through the owner's port (common/ports.ts), handed over here.
  const ports = { stock, cart: cartPort, discounts, quotations: quotationPort, orders: paymentOrders };
  const paymentsRepo = createPaymentsRepository(database.db);
  // Without a configured webhook secret every instance derives the same one (a random one per process
  // would make instance B refuse a webhook signed for instance A).
  const paymentEnv = { ...env, paymentWebhookSecret: env.paymentWebhookSecret ?? createHmac('sha256', signingKey).update('payment-webhooks').digest('base64url') };
  const paymentProvider = paymentProviderFromEnv(paymentEnv, { statusOf: (id) => paymentsRepo.statusOf(env.paymentProvider, id) });
  const refundsRepo = createRefundsRepository(database.db);
  const payments = createPaymentsService({
    repo: paymentsRepo,
    refunds: refundsRepo,
    provider: paymentProvider,
    config: { ttlSeconds: env.paymentTtlSeconds, publicBaseUrl: env.publicBaseUrl },
    ports,
  });
  const paymentExpiry = createPaymentExpiryJob({ service: payments, intervalMs: env.paymentExpiryIntervalMs, log: app.log });
  // Refunds owed are asked for after their commit, as often as expiry runs (0: tests call runOnce).
  const refundJob = createRefundJob({ refundDue: createRefunder({ repo: refundsRepo, provider: paymentProvider, log: app.log }), intervalMs: env.paymentExpiryIntervalMs, log: app.log });
  app.decorate('payments', payments);
  app.decorate('paymentExpiry', paymentExpiry);
  app.decorate('refundJob', refundJob);
  app.decorate('orderDocuments', orderDocuments);
  app.addHook('onReady', async () => {
    paymentExpiry.start();
    refundJob.start();
  });
  app.addHook('preClose', async () => {
    await paymentExpiry.stop();
    await refundJob.stop();
  });
  const dispatcher = createDispatcher({
    db: database.db,
    env,
    mail: env.smtpUrl ? createSmtpTransport(env.smtpUrl) : production ? null : createLogTransport(app.log),
    sms: createSmsProvider(env, app.log),
    attachments: orderDocuments.mailAttachment,
    log: app.log,
  });
  app.decorate('mailDispatcher', dispatcher);
  app.addHook('onReady', async () => {
    dispatcher.start();
  });
  app.addHook('preClose', async () => {
    await dispatcher.stop();
  });

  const quotationsService = createQuotationsService({ repo: createQuotationsRepository(database.db, ports) });
  // Answered quotations past their validity date expire (hourly; and once at start). The update is
  // conditional on the status, so instances running it at once expire each quotation once.
  const quotationExpiry = createPeriodicJob({ name: 'quotation expiry', intervalMs: 3_600_000, log: app.log, run: () => quotationsService.expire() });
  app.decorate('quotationExpiry', quotationExpiry);
  app.addHook('onReady', async () => {
    await quotationExpiry.runOnce().catch((err: unknown) => app.log.error({ err }, 'quotation expiry failed'));
    quotationExpiry.start();
  });
  app.addHook('preClose', async () => quotationExpiry.stop());

  await app.register(
    async (api) => {
      const registry = new RouteRegistry();
      registerProblemHandlers(api);
      api.addHook('onRequest', async (request, reply) => {
        reply.header('x-request-id', request.id);
        // Answers are data, never a page to sniff, frame or leak a referrer from (decision 016).
        reply.header('x-content-type-options', 'nosniff').header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer');
      });
      await api.register(formbody, { bodyLimit: 16 * 1024 });
      // Shared counters with several instances: a limit hit on one holds on the others (decision 023).
      await api.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${env.redisPrefix}rl:` } : {}) });
      registerCaller(api, signer, createAccessState(database.db));
      registerRequestContext(api, database.db);

      registerHealthRoutes(api, registry, database);
      registerOAuthRoutes(api, registry, { service: oauth, env, logins });
      registerAuthRoutes(api, registry, { service: accounts, env, delays });
      if (!production) registerMailboxRoutes(api, database.db, env.publicBaseUrl);
      registerMeRoutes(api, registry);
      registerPreferenceRoutes(api, registry, database.db);
      registerTranslationRoutes(api, registry, createTranslationsRepository(database.db));
      registerRouteRuleRoutes(api, registry, createRouteRulesRepository(database.db));
      // Catalogue reads cached per instance until the database announces a change (decision 042).
      const catalogCache = await createCatalogCache(database, { max: env.catalogCacheEntries });
      app.addHook('preClose', () => catalogCache.close());
      const catalog = createCatalogRepository(database.db, catalogCache);
      registerCatalogRoutes(api, registry, catalog);
      // The cart reads an anonymous token it is given (the merge) with the same signer as the caller plugin.
      const anonymousSession = async (token: string) => {
        const who = await signer.verify(token).catch(() => null);
        return who?.kind === 'anonymous' ? who.sessionId : null;
      };
      const cart = createCartService({ repo: createCartRepository(database.db), products: catalog, anonymousSession });
      registerCartRoutes(api, registry, cart);
      registerAddressRoutes(api, registry, createAddressRepository(database.db));
      const checkout = createCheckoutService({ repo: createCheckoutRepository(database.db, ports), cart });
      registerCheckoutRoutes(api, registry, checkout);
      registerOrderRoutes(
        api,
        registry,
        createOrdersService({
          repo: createOrdersRepository(database.db, ports),
          reader: createOrderReader(database.db),
          keys: createIdempotencyStore(database.db, env.idempotencyLeaseSeconds * 1000),
          quotes: checkout,
          payments,
          // An order on account is placed at once: its confirmation mail (with the order form) goes with it.
          onAccountPlaced: async (tx, placed, locale) => {
            await enqueuePlacedOrderConfirmation(tx, placed, locale);
          },
          publicBaseUrl: env.publicBaseUrl,
          log: app.log,
        }),
      );
      registerPaymentsRoutes(api, registry, payments, { payerOf: payerFromCookies((token) => signer.verify(token)) });
      registerOrderDocumentsRoutes(api, registry, orderDocuments);
      registerImageRoutes(api, registry, createImagesService({ repo: createImagesRepository(database.db) }));
      // The account area (issue 15): profile, contract page, users admin, contact form, newsletter.
      const accountLimit = { max: env.authRequestLimit, timeWindow: env.authRequestWindowSeconds * 1000 };
      registerProfileRoutes(
        api,
        registry,
        createProfileService({
          repo: createProfileRepository(database.db),
          codeKey,
          settings: { codeTtlSeconds: env.emailVerificationTtlSeconds, maxAttempts: env.loginCodeMaxAttempts, resendCooldownSeconds: env.codeResendCooldownSeconds },
        }),
        accountLimit,
      );
      registerOrganisationRoutes(api, registry, createOrganisationService({ repo: createOrganisationRepository(database.db) }));
      registerUsersRoutes(api, registry, createUsersService({ repo: createUsersRepository(database.db), invitationTtlSeconds: 7 * 86_400 }));
      registerContactRoutes(
        api,
        registry,
        createContactService({
          repo: createContactRepository(database.db),
          settings: { limit: 5, windowSeconds: 3600, fallbackRecipient: env.mailSalesTo },
          limiter: stores.limiter,
        }),
      );
      const newsletterKey = new Uint8Array(createHmac('sha256', signingKey).update('newsletter-links').digest());
      registerNewsletterRoutes(api, registry, createNewsletterService({ repo: createNewsletterRepository(database.db), links: createNewsletterLinks(newsletterKey) }), accountLimit);
      const orderHistory = createOrderHistoryService({ repo: createOrderHistoryRepository(database.db) });
      registerOrderHistoryRoutes(api, registry, orderHistory);
      registerOrderStatusRoutes(api, registry, createOrderStatusService({ repo: createOrderStatusRepository(database.db), orders: orderHistory }));
      registerOrderMessageRoutes(api, registry, createOrderMessagesService({ repo: createOrderMessagesRepository(database.db) }));
      registerQuotationRoutes(api, registry, quotationsService);
      registerDocsRoutes(api, registry, API_VERSION);
    },
    { prefix: '/api' },
  );
  return app;
}
