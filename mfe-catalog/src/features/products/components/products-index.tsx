// The products index (spec sections 2 and 9): the contract range under /my-products, a public
// shop under /products. Everything the reader chose is in the URL.
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '@portal/shared/router';
import type { ShopType } from '@portal/shared/api';
import { Button, Grid, Group, Notice, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { VatToggle } from '@portal/shared/ui/choice';
import { useLocale } from '@portal/shared/navigation';
import { useVatPreference } from '@portal/shared/preferences';
import { useFacets, useProducts } from '../api/get-products';
import { catalogApiQuery } from '@portal/shared/schemas/shop';
import { useCatalogParams } from '../hooks/use-catalog-params';
import { CatalogToolbar } from './catalog-toolbar';
import { ProductFilters } from './product-filters';
import { ProductList } from './product-list';
import classes from './products-index.module.css';

// The paging sits below the grid and shows only once a page of results has arrived: its entry
// (`ui/paging`, ~3 KB gzip) loads then, not before the heading
// and the grid that a buyer on a slow network waits for (decision 030).
const Pagination = lazy(() => import('@portal/shared/ui/paging').then((m) => ({ default: m.Pagination })));

export function ProductsIndex({ shop, basePath }: { shop: ShopType; basePath: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const { search } = useLocation();
  const { state, update, toggle, clear } = useCatalogParams();
  const [inclVat, setInclVat] = useVatPreference();
  const query = catalogApiQuery(state);
  const products = useProducts(shop, locale, query);
  const facets = useFacets(shop, locale, query);
  const shopParam = new URLSearchParams(search).get('shop');
  const linkSearch = shopParam ? `?shop=${shopParam}` : '';
  // The shop's first page can come with the page (decision 030), so the grid (24 cards) and the
  // filters (~40 checkboxes) could render in the same pass as the heading and hold back its first
  // paint. They render in the pass just after it instead (and later pages in the background): the
  // first pass has null, which React takes as "render this first" (undefined would mean no first value).
  const data = useDeferredValue(products.data, null);
  const facetCounts = useDeferredValue(facets.data, null) ?? undefined;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const filtered = Boolean(query.q || query.brand || query.category || query.sub_category || query.group || query.kind);
  // Below md the filters fold behind a button, so a phone shows products on its first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chosen = [state.kind === 'all' ? 0 : 1, ...Object.values(state.lists).map((list) => list.length)].reduce((a, b) => a + b, 0);

  return (
    // Search and sort come first, above filters and results: a keyboard user reaches the search
    // field at once instead of after some 38 filter checkboxes (issue 19).
    <Stack gap="md">
      <CatalogToolbar q={state.q} sort={state.sort} onSearch={(q) => update({ q, sort: null })} onSort={(sort) => update({ sort })} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Button
            variant="outline"
            fullWidth
            className={classes.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls="catalog-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FormattedMessage id="catalog.filters.toggle" values={{ count: chosen }} />
          </Button>
          <div id="catalog-filters" className={classes.filters} data-open={filtersOpen || undefined}>
            <ProductFilters facets={facetCounts} state={state} onToggle={toggle} onKind={(kind) => update({ kind: kind === 'all' ? null : kind })} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group justify="space-between">
              <div role="status" aria-live="polite" data-testid="result-count">
                <Text variant="subtext">
                  {data ? (
                    <FormattedMessage id={data.total_capped ? 'catalog.results.capped' : 'catalog.results'} values={{ count: data.total }} />
                  ) : null}
                </Text>
              </div>
              <VatToggle inclVat={inclVat} onChange={setInclVat} label={intl.formatMessage({ id: 'catalog.vat.toggle' })} />
            </Group>
            <StateRegion
              status={products.status}
              isEmpty={data?.items.length === 0}
              loadingLabel={intl.formatMessage({ id: 'catalog.loading' })}
              errorTitle={intl.formatMessage({ id: 'catalog.error' })}
              onRetry={() => void products.refetch()}
              retryLabel={<FormattedMessage id="catalog.retry" />}
              empty={
                <Notice tone="gray" title={intl.formatMessage({ id: 'catalog.empty.title' })} testId="empty-result">
                  <Stack gap="xs" align="flex-start">
                    <Text>
                      <FormattedMessage id={filtered ? 'catalog.empty.filtered' : 'catalog.empty.range'} />
                    </Text>
                    {filtered ? (
                      <Button variant="outline" size="sm" onClick={clear}>
                        <FormattedMessage id="catalog.filters.clear" />
                      </Button>
                    ) : null}
                  </Stack>
                </Notice>
              }
            >
              {data ? (
                <ProductList
                  items={data.items}
                  basePath={basePath}
                  linkSearch={linkSearch}
                  shop={shop}
                  inclVat={inclVat}
                  busy={products.isPlaceholderData}
                />
              ) : null}
            </StateRegion>
            {data && pages > 1 ? (
              <Suspense fallback={null}>
                <Pagination
                  total={pages}
                  value={data.page}
                  onChange={(page) => update({ page: page > 1 ? String(page) : null })}
                  getControlProps={(control) => ({ 'aria-label': intl.formatMessage({ id: `catalog.pagination.${control}` }) })}
                  getItemProps={(page) => ({ 'aria-label': intl.formatMessage({ id: 'catalog.pagination.page' }, { page }) })}
                  withEdges
                />
              </Suspense>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
