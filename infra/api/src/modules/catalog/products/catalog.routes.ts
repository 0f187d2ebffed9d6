import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATALOG_ERRORS,
  CatalogFacetsSchema,
  CatalogPageSchema,
  CatalogProductSchema,
  CatalogQuerySchema,
  CatalogWidgetQuerySchema,
  FrequentlyOrderedSchema,
  GtinLookupQuerySchema,
  GtinLookupSchema,
  GtinParamsSchema,
  SCAN_ERRORS,
  gtin14,
  gtinCheckDigitOk,
  NewInContractSchema,
  ProductSlugParamsSchema,
  QuickOrderRequestSchema,
  QuickOrderResultSchema,
  TechnicalSheetQuerySchema,
  WIDGET_DEFAULT_ITEMS,
} from '@portal/shared/schemas';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import type { CatalogScope } from './catalog-scope';
import type { CatalogRepository } from './catalog.repository';
import { renderTechnicalSheet } from './technical-sheet';

const SHOP_DOC =
  'The shop comes from `X-Shop-Type`: `portal` is the signed-in buyer\'s contract range at contract prices; `medical` and `tactical` are the public web shops at list prices. Names and search follow `Accept-Language` (en, nl, fr).';


function cacheHeaders(reply: FastifyReply, scope: CatalogScope) {
  reply.header('vary', 'X-Shop-Type, Accept-Language, Authorization');
  // Public shop pages are the same for every visitor; a contract range is the buyer's own, and so
  // is a public shop seen by a contract buyer (what is outside their contract is flagged).
  const own = scope.shop === 'portal' || scope.buyerContractId !== undefined;
  reply.header('cache-control', own ? 'private, no-store' : 'public, max-age=60');
}

/** The widgets show the caller's own contract and orders: they exist in the portal only. */
async function portalScopeOf(request: FastifyRequest): Promise<CatalogScope> {
  const scope = await request.shopScope();
  if (scope.shop !== 'portal') throw new AppError(400, CATALOG_ERRORS.SHOP_REQUIRED, 'The dashboard widgets need X-Shop-Type: portal');
  return scope;
}

const notFound = () => new AppError(404, CATALOG_ERRORS.PRODUCT_NOT_FOUND, 'No such product in this shop');

/** The recall a lot of a GTIN (14 digits) is under, or null (the recalls owner's LotRecallPort). */
export type RecallOfLot = (gtin: string, lot: string) => Promise<{ reference: string } | null>;

export function registerCatalogRoutes(app: FastifyInstance, registry: RouteRegistry, repo: CatalogRepository, recallOf: RecallOfLot) {
  const problems = {
    400: { description: 'Invalid query or missing X-Shop-Type (CATALOG_SHOP_REQUIRED)' },
    401: { description: 'The contract range needs a signed-in buyer (CATALOG_LOGIN_REQUIRED)' },
    403: { description: 'A provider employee asked for the contract range, which is for customer accounts (CATALOG_CUSTOMERS_ONLY)' },
  };

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/products',
    operationId: 'listCatalogProducts',
    summary: 'Products index: filters, sort, search, paging',
    description: `${SHOP_DOC} Filters take comma-separated slugs. Search matches names and descriptions with stemming in the request's language and article codes, product codes and NSNs with or without dashes. Totals are counted up to 1 000; a search matches at most 2 000 products.`,
    tags: ['catalog'],
    auth: 'optional',
    querystring: CatalogQuerySchema,
    responses: { 200: { description: 'One page', schema: CatalogPageSchema }, ...problems },
    handler: async ({ request, reply, query }) => {
      const scope = await request.shopScope();
      cacheHeaders(reply, scope);
      return repo.index(scope, query);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/facets',
    operationId: 'listCatalogFacets',
    summary: 'Facet counts for the index',
    description: `${SHOP_DOC} Same query as the index; each facet is counted with every other filter applied.`,
    tags: ['catalog'],
    auth: 'optional',
    querystring: CatalogQuerySchema,
    responses: { 200: { description: 'The facets', schema: CatalogFacetsSchema }, ...problems },
    handler: async ({ request, reply, query }) => {
      const scope = await request.shopScope();
      cacheHeaders(reply, scope);
      return repo.facets(scope, query);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/products/:slug',
    operationId: 'getCatalogProduct',
    summary: 'Product detail',
    description: `${SHOP_DOC} In the portal a product outside the contract is shown as "not within contract" (not orderable); another organisation's contract-only product is 404.`,
    tags: ['catalog'],
    auth: 'optional',
    responses: { 200: { description: 'The product', schema: CatalogProductSchema }, 404: { description: 'Not visible in this shop' }, ...problems },
    params: ProductSlugParamsSchema,
    handler: async ({ request, reply, params: { slug } }) => {
      const scope = await request.shopScope();
      const product = await repo.detail(scope, slug);
      if (!product) throw notFound();
      cacheHeaders(reply, scope);
      return product;
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/products/:slug/technical-sheet',
    operationId: 'getTechnicalSheet',
    summary: 'Technical sheet (PDF)',
    description: `${SHOP_DOC} For plain links the shop may be given as \`?shop=\`.`,
    tags: ['catalog'],
    auth: 'optional',
    params: ProductSlugParamsSchema,
    querystring: TechnicalSheetQuerySchema,
    responses: { 200: { description: 'The PDF', contentType: 'application/pdf' }, 404: { description: 'Not visible in this shop' }, ...problems },
    handler: async ({ request, reply, params: { slug }, query }) => {
      const scope = await request.shopScope(query.shop);
      const product = await repo.detail(scope, slug);
      if (!product) throw notFound();
      cacheHeaders(reply, scope);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="technical-sheet-${product.article_code.toLowerCase()}.pdf"`)
        .send(await renderTechnicalSheet(product, scope.locale));
    },
  });

  const widgetProblems = {
    400: { description: 'Invalid `limit` (VALIDATION_FAILED), or X-Shop-Type missing or not `portal` (CATALOG_SHOP_REQUIRED)' },
    401: problems[401],
    403: problems[403],
  };

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/widgets/frequently-ordered',
    operationId: 'getFrequentlyOrdered',
    summary: "The organisation's most ordered products (dashboard widget)",
    description:
      "Counted over the organisation's placed orders (not the payment_* ones): most orders containing the product first, then total quantity, then most recently ordered. Only products the buyer can still see in the portal, priced and stocked as in the index. Needs a signed-in buyer and `X-Shop-Type: portal`; names follow `Accept-Language`.",
    tags: ['catalog'],
    auth: 'bearer',
    querystring: CatalogWidgetQuerySchema,
    responses: { 200: { description: 'The products, at most `limit` (default 6)', schema: FrequentlyOrderedSchema }, ...widgetProblems },
    handler: async ({ request, reply, query, caller }) => {
      const scope = await portalScopeOf(request);
      cacheHeaders(reply, scope);
      return repo.widgets.frequentlyOrdered(scope, caller, query.limit ?? WIDGET_DEFAULT_ITEMS);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/widgets/new-in-contract',
    operationId: 'getNewInContract',
    summary: "Products added to the buyer's active contract in the last 90 days (dashboard widget)",
    description:
      "Newest first; `since` is the start of the window. Without an active contract the list is empty. Needs a signed-in buyer and `X-Shop-Type: portal`; names follow `Accept-Language`.",
    tags: ['catalog'],
    auth: 'bearer',
    querystring: CatalogWidgetQuerySchema,
    responses: { 200: { description: 'The products, at most `limit` (default 6)', schema: NewInContractSchema }, ...widgetProblems },
    handler: async ({ request, reply, query }) => {
      const scope = await portalScopeOf(request);
      cacheHeaders(reply, scope);
      return repo.widgets.newInContract(scope, query.limit ?? WIDGET_DEFAULT_ITEMS);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/catalog/quick-order',
    operationId: 'resolveQuickOrder',
    summary: 'Resolve quick-order lines (article code or NSN and quantity) against the contract',
    description: 'Each line is found, not within contract, unknown, above stock (quantity more than can be ordered) or not orderable (price on request, not available). Needs a signed-in buyer and `X-Shop-Type: portal`.',
    tags: ['catalog'],
    auth: 'bearer',
    body: QuickOrderRequestSchema,
    responses: { 200: { description: 'The resolved lines', schema: QuickOrderResultSchema }, ...problems },
    handler: async ({ request, body }) => repo.resolveQuickOrder(await request.shopScope(), body.lines),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/catalog/gtin/:gtin',
    operationId: 'lookupGtin',
    summary: 'Scan to order: the product a GTIN names in the contract, and whether a scanned lot is under recall',
    description:
      "The GTIN as 8, 12, 13 or 14 digits (a DataMatrix's AI 01 gives 14; the same GTIN stored shorter is found). `status` is quick order's for one unit: found, not within contract (no price is shown), not orderable, or unknown (also another organisation's contract-only product). With `lot` (GS1 AI 10) the answer says whether that lot is under recall. Needs a signed-in buyer and `X-Shop-Type: portal`; names follow `Accept-Language`.",
    tags: ['catalog'],
    auth: 'bearer',
    params: GtinParamsSchema,
    querystring: GtinLookupQuerySchema,
    responses: {
      200: { description: 'The GTIN resolved', schema: GtinLookupSchema },
      400: { description: 'Not a GTIN or a lot (VALIDATION_FAILED), a wrong check digit (CATALOG_GTIN_CHECK_DIGIT), or X-Shop-Type not `portal` (CATALOG_SHOP_REQUIRED)' },
      401: problems[401],
      403: problems[403],
    },
    handler: async ({ request, reply, params: { gtin }, query: { lot } }) => {
      if (!gtinCheckDigitOk(gtin)) throw new AppError(400, SCAN_ERRORS.GTIN_CHECK_DIGIT, 'The last digit of this GTIN is not its GS1 check digit');
      const scope = await portalScopeOf(request);
      cacheHeaders(reply, scope);
      const found = await repo.lookupGtin(scope, gtin);
      // A lot is looked up only for a product the buyer may see: an unknown GTIN reveals nothing.
      const recall = lot && found.product ? await recallOf(gtin14(gtin), lot) : null;
      return { ...found, recall };
    },
  });
}
