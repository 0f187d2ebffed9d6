// Builds the API service: the composition root (decision 041). Shared infrastructure and the
// root-level services first, then every route under ONE encapsulated /api scope, one plugin per
// module. The root context is left to the caller (the gateway registers its static files and root
// not-found handler on the returned instance).
import { API_ERRORS } from '@portal/shared/schemas';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { seedDemoData } from './seed/demo';
import { checkRowShapes } from './db/typed-rows';
import type { Db } from './db/client';
import { loadEnv, type Env } from './env';
import { clientErrorHandler } from './http/client-error';
import { startTracing } from './common/tracing';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import accessTokens from './plugins/access-tokens';
import apiScope from './plugins/api-scope';
import config from './plugins/config';
import accessCache from './plugins/access-cache.plugin';
import database from './plugins/database';
import gracefulClose from './plugins/graceful-close';
import { PROBLEM_CONTENT_TYPE } from './plugins/problem';
import redis from './plugins/redis';
import addresses from './modules/accounts/addresses/addresses.plugin';
import approvals from './modules/approvals/approvals.plugin';
import budgetsModule from './modules/budgets/budgets.plugin';
import { addressImport } from './modules/accounts/addresses/addresses.import';
import auth from './modules/accounts/auth/auth.plugin';
import cart from './modules/cart/cart.plugin';
import catalog from './modules/catalog/products/catalog.plugin';
import checkout from './modules/checkout/checkout.plugin';
import contact from './modules/content/contact/contact.plugin';
import docs from './modules/platform/docs/docs.plugin';
import health from './modules/platform/health/health.plugin';
import metrics from './modules/platform/metrics/metrics.plugin';
import beacons from './modules/platform/beacons/beacons.plugin';
import operations from './modules/platform/operations/operations.plugin';
import type { LiveVersions } from './modules/platform/contract';
import images from './modules/catalog/images/images.plugin';
import invoiceDelivery, { invoiceDeliveryService } from './modules/invoice-delivery/invoice-delivery.plugin';
import { createDeliveredHistory, createInvoiceDeliveryPort, peppolDeliveryPort } from './modules/invoice-delivery/invoice-delivery.port';
import { createDespatchDocuments } from './modules/shipments/despatch/despatch-documents';
import integrationClients, { demoIntegrationClient } from './modules/integration-clients/integration-clients.plugin';
import { recordIntegrationWrite } from './modules/integration-clients/audit';
import invoices, { INVOICE_RENDERER, invoicingService } from './modules/invoices/invoices.plugin';
import { invoiceDocuments } from './modules/invoices/invoice-documents';
import type { InvoiceRenderer } from './modules/invoices/invoice-renderer';
import { seedDemoInvoices } from './modules/invoices/demo-invoices';
import integrationEvents, { webhookDispatcher } from './modules/integration-events/integration-events.plugin';
import imports from './modules/imports/imports.plugin';
import mailbox, { mailDispatcher } from './modules/content/mail/mail.plugin';
import me from './modules/accounts/me/me.plugin';
import newsletter from './modules/content/newsletter/newsletter.plugin';
import oauth from './modules/accounts/oauth/oauth.plugin';
import orderDocuments, { orderDocumentsService } from './modules/orders/documents/order-documents.plugin';
import orderHistory from './modules/orders/history/order-history.plugin';
import orderMessages from './modules/orders/messages/order-messages.plugin';
import orderLists from './modules/order-lists/order-lists.plugin';
import orderStatus from './modules/orders/status/order-status.plugin';
import orders from './modules/orders/placement/orders.plugin';
import procurementOrders from './modules/procurement/orders/procurement-orders.plugin';
import organisation from './modules/accounts/organisation/organisation.plugin';
import payments, { paymentsService } from './modules/payments/payments.plugin';
import profile from './modules/accounts/profile/profile.plugin';
import privacy, { privacyService } from './modules/accounts/privacy/privacy.plugin';
import punchout from './modules/procurement/punchout/punchout.plugin';
import { demoPunchoutIdentities } from './modules/procurement/punchout/demo-identities';
import { createSignInPort } from './modules/accounts/oauth/sign-in.port';
import quotations, { quotationsService } from './modules/quotations/quotations.plugin';
import routeRules from './modules/content/route-rules/route-rules.plugin';
import shipments from './modules/shipments/shipments.plugin';
import translations from './modules/content/translations/translations.plugin';
import users from './modules/accounts/users/users.plugin';
import { memberInvitations } from './modules/accounts/users/member-invitations';
// The in-transaction ports between modules (decision 039), handed over below.
import { budgets } from './modules/budgets/budgets.port';
import { punchoutGate } from './modules/procurement/punchout/punchout.port';
import { cartPort } from './modules/cart/cart.repository';
import type { LotRecallPort } from './modules/recalls/contract';
import { lotRecallLookup } from './modules/recalls/recalls.lot-lookup';
import { catalogueImport } from './modules/catalog/products/catalogue-import.port';
import { stock } from './modules/catalog/products/stock';
import { categoryFacts } from './modules/catalog/products/category-facts';
import { memberDirectory } from './modules/accounts/users/member-directory';
import { discounts } from './modules/checkout/discounts';
import { createContractImport } from './modules/accounts/organisation/contract-import';
import { createPaymentOrders } from './modules/orders/placement/orders.payment-side';
import { createShipmentOrders } from './modules/orders/placement/orders.shipment-side';
import { recordOrderHistory } from './modules/orders/order-events';
import { integrationEventsPort as events } from './modules/integration-events/outbox';
import { shipmentsRead } from './modules/shipments/shipments.read';
import recalls from './modules/recalls/recalls.plugin';
import { recallGuard } from './modules/recalls/recalls.guard';
import { createQuotationPort } from './modules/quotations/quotations.ports';
// Each owner's part of a person's data: their download, and the erasure after a closed account's retention period (decision 063).
import { ordersPersonalData } from './modules/orders/placement/personal-data';
import { quotationsPersonalData } from './modules/quotations/personal-data';
import { cartPersonalData } from './modules/cart/personal-data';
import { orderListsPersonalData } from './modules/order-lists/personal-data';
import { approvalsPersonalData } from './modules/approvals/personal-data';
import { budgetsPersonalData } from './modules/budgets/personal-data';
import { contentPersonalData } from './modules/content/contact/personal-data';
import { vatBuyers } from './modules/accounts/organisation/vat-buyers';
import { productVat } from './modules/catalog/products/vat-categories';
import { itemMatching } from './modules/catalog/products/item-matching';

export { loadEnv, type Env } from './env';
export { demoAccounts, type DemoAccount } from './seed/accounts';

const API_VERSION = '0.1.0';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface BuildAppOptions {
  /** Overrides of the environment read by loadEnv(). */
  env?: Partial<Env>;
  /** false: silent; true: JSON logs at env.logLevel; an object: pino options or a logger instance. */
  logger?: boolean | object;
  /** Sees every route as it is registered (the access matrix builds its list from the real app). */
  onRoute?: (route: RouteOptions) => void;
  /** Another invoice renderer than modules/invoices' (a test's failing one). */
  invoiceRenderer?: InvoiceRenderer;
  /** Traces to this exporter (a test's in-memory one), as OTEL_EXPORTER_OTLP_ENDPOINT would send them over OTLP. */
  spanExporter?: SpanExporter;
  /** The builds of each remote a browser may run now (the gateway reads them from the deploy store): the beacons' version labels (decision 072). */
  beaconVersions?: LiveVersions;
  /** Another answer to "is this lot recalled?" than the recalls owner's (a test's). */
  lotRecalls?: LotRecallPort;
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
  // Hand-written SQL's rows are checked against their shapes outside production (decision 040).
  checkRowShapes(env.nodeEnv !== 'production');
  // Traces only with somewhere to send them (decision 071); the log's request id is then the trace id.
  const tracing =
    env.otelExporterOtlpEndpoint || options.spanExporter
      ? startTracing({
          serviceName: env.otelServiceName,
          sampleRatio: env.tracesSampleRatio,
          endpoint: env.otelExporterOtlpEndpoint,
          exporter: options.spanExporter,
          log: { warn: (obj, msg) => app.log.warn(obj, msg) },
        })
      : undefined;
  const app = Fastify({
    ...loggerOptions(env, options.logger ?? true),
    trustProxy: env.trustProxy,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // A caller-supplied X-Request-Id is kept when it is sane, so logs can be followed across services.
    genReqId: (req) => {
      if (tracing) return tracing.requestId(req);
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // The database plugin migrates (and in demo runs seeds) while the app starts: that takes as long
    // as it takes (a large migration, a loaded CI machine), as it did before it was a plugin, so no
    // plugin has a start-up deadline.
    pluginTimeout: 0,
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
  if (tracing) {
    await app.register(tracing.plugin);
    app.addHook('onClose', () => tracing.shutdown());
  }

  // The shared infrastructure and the services that live on the root (the gateway, the jobs and the
  // tests reach them there), in dependency order; each plugin names what it needs (decision 041).
  // Modules own their tables (decision 039): what one changes of another's inside its own
  // transaction goes through the owner's port (its contract.ts, decision 065), handed over here.
  // The punchout's gate (decision 052): placement and the submission for approval refuse a punchout's cart.
  // The owners of orders, payments and quotations record their events in their own transactions, in
  // the integration-events owner's outbox (decision 066).
  const ports = {
    stock,
    cart: cartPort,
    discounts,
    quotations: createQuotationPort(events),
    orders: createPaymentOrders(events),
    shipmentOrders: createShipmentOrders(events),
    shipments: shipmentsRead,
    // A shipment of units under recall is refused; one reported as a recall opens is counted in it (decision 074).
    recalls: recallGuard,
    budgets,
    punchout: punchoutGate,
    vatBuyers,
    productVat,
    events,
  };

  await app.register(config, { env });
  await app.register(gracefulClose);
  const invoiceRenderer = options.invoiceRenderer ?? INVOICE_RENDERER;
  // The demo's shipped orders are invoiced by the same issuing code, with the same renderer, and
  // their delivery recorded as done to the same recipients (decision 061).
  const seedInvoices = seedDemoInvoices({ renderer: invoiceRenderer, seller: env.seller, costCentreOf: budgets.ofOrder, delivery: createDeliveredHistory({ documents: invoiceDocuments }) });
  // The statements are watched only for someone (decision 071): the metrics listener, the traces.
  const metricsOn = env.metricsPort !== undefined;
  const observe = metricsOn || tracing ? { metrics: metricsOn } : undefined;
  await app.register(database, {
    observe,
    ...(env.seedDemo ? { seed: (db: Db) => seedDemoData(db, { invoices: seedInvoices, sellerCountry: env.seller.address.country, orderEvents: (tx, id) => recordOrderHistory(tx, events, id) }) } : {}),
  });
  // Prometheus' metrics on the root, every route counted, when the metrics listener is on (decision 071).
  if (metricsOn) await app.register(metrics);
  await app.register(redis);
  await app.register(accessTokens);
  // Who may still act, answered per instance until a change is announced (decisions 032, 091).
  await app.register(accessCache);
  // The order form names the order's cost centre (decision 054) and each line's delivered lots (decision 079).
  await app.register(orderDocumentsService, { costCentreOf: budgets.ofOrder, shipments: ports.shipments });
  // Invoices and their delivery know each other through ports (decision 039): issuing queues the
  // delivery in its transaction; the delivery reads the stored documents. The invoice states the
  // order's cost centre, the buyer's accounting reference (decision 054), through the budgets' port.
  const deliveryPort = createInvoiceDeliveryPort({ documents: invoiceDocuments });
  await app.register(invoicingService, { renderer: invoiceRenderer, delivery: deliveryPort, costCentreOf: budgets.ofOrder });
  // The one delivery mechanism also carries the shipments' Despatch Advices (decision 083), read through their port.
  await app.register(invoiceDeliveryService, { documents: invoiceDocuments, despatchAdvices: createDespatchDocuments(env.seller) });
  // A web-shop order paid online is invoiced as paid in the payment's transaction (issue 30).
  await app.register(paymentsService, (root) => ({ ports: { ...ports, invoicing: root.invoicing } }));
  // A mail's attachments: the order form (order documents), an invoice's PDF and UBL (invoice delivery).
  await app.register(mailDispatcher, (root) => ({
    attachments: (ref) => (ref.kind === 'order_form' ? root.orderDocuments.mailAttachment(ref) : root.invoiceDelivery.mailAttachment(ref)),
  }));
  await app.register(quotationsService, { ports });
  await app.register(demoIntegrationClient);
  await app.register(demoPunchoutIdentities);
  await app.register(webhookDispatcher);
  // The privacy policy's promises (issue 44, decision 063): every owner erases its own part of a
  // closed account's data after the retention period, and gives its part of a person's download.
  await app.register(privacyService, { owners: [ordersPersonalData, quotationsPersonalData, cartPersonalData, orderListsPersonalData, approvalsPersonalData, budgetsPersonalData, contentPersonalData] });

  // Every route under one encapsulated /api scope with its own error and not-found handlers. The
  // order is the order of the routes; a module that needs another module's service gets it here.
  await app.register(
    async (api) => {
      await api.register(apiScope);
      await api.register(health);
      // The shell's reports on its remotes (decision 072), counted as metrics.
      await api.register(beacons, options.beaconVersions ? { liveVersions: options.beaconVersions } : {});
      // The staff's operations page (decision 081): figures read from the same metrics registry.
      await api.register(operations, { recording: metricsOn });
      // The supplier's machine clients first: the token endpoint grants them tokens (decision 045).
      await api.register(integrationClients);
      await api.register(oauth, (scope) => ({ clients: scope.integrationClients }));
      // Order events out: the pull feed and the webhooks (decision 051).
      await api.register(integrationEvents);
      await api.register(auth);
      await api.register(mailbox);
      await api.register(me);
      await api.register(translations);
      await api.register(routeRules);
      // Scan to order asks the recalls owner whether a scanned lot is under recall (decisions 074, 075).
      await api.register(catalog, { recalls: options.lotRecalls ?? lotRecallLookup });
      // The cart's totals follow the VAT rule the checkout and the invoice follow (decision 058).
      await api.register(cart, (scope) => ({ products: scope.catalog, vat: { buyers: vatBuyers, products: productVat } }));
      await api.register(addresses);
      await api.register(checkout, (scope) => ({ cart: scope.cart, ports }));
      // Punchout (issue 34, decision 052): the procurement system's round trips; its start URL signs
      // in through the oauth module's sign-in, its cart and prices are the cart's and catalogue's.
      await api.register(punchout, (scope) => ({ cart: scope.cart, products: scope.catalog, signIn: createSignInPort(scope) }));
      // Order lists (issue 33, decision 056): products as the shop shows them, ordered into the cart through its service.
      await api.register(orderLists, (scope) => ({ products: scope.catalog, cart: scope.cart }));
      // Placement (orders, payments): the cross-module ports of the orders service are wired here.
      await api.register(orders, (scope) => ({ quotes: scope.checkout, payments: scope.payments, ports }));
      // Approval rules and orders waiting for approval (decision 055): they register their rule with
      // the orders' placement and place an approved request through it, priced by the checkout's quote.
      await api.register(approvals, (scope) => ({
        ports: { members: memberDirectory, categories: categoryFacts, cart: cartPort },
        quotes: scope.checkout,
        orders: scope.orderPlacement,
      }));
      await api.register(payments);
      // Orders from buyers' procurement systems (issue 34): placed through the orders' port, answered through the access point.
      // Their cost centre is the one the document names, else the sender's default (decision 059), through the budgets' port.
      // Their lines' products and contract prices come from the catalogue's item matching (decision 067).
      await api.register(procurementOrders, (scope) => ({ placement: scope.orderPlacement, costCentres: budgets, items: itemMatching, accessPoint: scope.accessPoint }));
      await api.register(orderDocuments);
      await api.register(invoiceDelivery);
      await api.register(images);
      // The supplier's records in (issue 29): written by their owners through their ports.
      await api.register(imports, { catalogue: catalogueImport, accounts: createContractImport({ addresses: addressImport, invitations: memberInvitations }), audit: recordIntegrationWrite });
      // The account area (issue 15): profile, contract page, users admin, contact form, newsletter.
      await api.register(profile);
      await api.register(privacy);
      await api.register(organisation);
      await api.register(users);
      // Cost centres and budgets (issue 33, decision 054); placement charges them through `ports.budgets`.
      await api.register(budgetsModule);
      await api.register(contact);
      await api.register(newsletter);
      await api.register(orderHistory, { ports });
      // Moving an order to in_shipping invoices the rest of it, in the move's transaction (issue 30).
      await api.register(orderStatus, (scope) => ({ orders: scope.orderHistory, invoicing: scope.invoicing, events }));
      await api.register(orderMessages);
      await api.register(quotations);
      await api.register(invoices, { delivery: deliveryPort, audit: recordIntegrationWrite });
      // The warehouse's shipments (decision 050), invoiced in the report's transaction (issue 30).
      // Decision 070: and sent as a Peppol Despatch Advice, delivered like the e-invoices (decision 083).
      await api.register(shipments, (scope) => ({ ports, audit: recordIntegrationWrite, invoicing: scope.invoicing, delivery: peppolDeliveryPort }));
      // Recalls and field safety notices (issue 42, decision 074): opened by staff or the ERP over the shipments' lot index.
      await api.register(recalls, { events });
      await api.register(docs, { version: API_VERSION });
    },
    { prefix: '/api' },
  );
  return app;
}
