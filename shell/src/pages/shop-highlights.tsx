// What a public web shop offers, on the visitor's home page: its largest product families as links
// into the shop, and a few of its products with their catalogue images. Read through the query cache
// in a chunk of its own, after the page's heading and text (decision 033): a visitor on a slow
// network reads the page first.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { portalApi } from '@portal/shared/api';
import { PortalQueryProvider } from '@portal/shared/query';
import { Link } from '@portal/shared/router';
import { CatalogFacetsSchema, CatalogPageSchema } from '@portal/shared/schemas/shop';
import { Anchor, Group, ProductImage, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { useLocale } from '@portal/shared/navigation';
import classes from './pages.module.css';

/** Families and products shown per shop. */
export const HIGHLIGHT_FAMILIES = 6;
export const HIGHLIGHT_PRODUCTS = 3;

type PublicShop = 'medical' | 'tactical';

function Highlights({ shop }: { shop: PublicShop }) {
  const intl = useIntl();
  const locale = useLocale();
  const facets = useQuery({
    queryKey: ['catalog', 'facets', shop, locale, {}],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/facets', { query: {}, schema: CatalogFacetsSchema, signal }),
    staleTime: 5 * 60_000,
  });
  const products = useQuery({
    queryKey: ['catalog', 'products', shop, locale, { page_size: HIGHLIGHT_PRODUCTS }],
    queryFn: ({ signal }) => portalApi({ shop }).get('/catalog/products', { query: { page_size: HIGHLIGHT_PRODUCTS }, schema: CatalogPageSchema, signal }),
    staleTime: 5 * 60_000,
  });
  const families = [...(facets.data?.category ?? [])].sort((a, b) => b.count - a.count).slice(0, HIGHLIGHT_FAMILIES);
  const shopPath = `/${locale}/products?shop=${shop}`;
  // Nothing to show (the API is down, or the shop is empty): the card's own text and link stay.
  if (!families.length && !products.data?.items.length) return null;
  return (
    <Stack gap="sm" mb="sm" data-testid={`highlights-${shop}`}>
      {families.length ? (
        <nav aria-label={intl.formatMessage({ id: 'home.families' }, { shop: intl.formatMessage({ id: `home.shop.${shop}.title` }) })}>
          <Group component="ul" gap="xs" className={classes.families}>
            {families.map((family) => (
              <li key={family.slug}>
                <Anchor component={Link} to={`${shopPath}&category=${encodeURIComponent(family.slug)}`} className={classes.family}>
                  {family.name}
                </Anchor>
              </li>
            ))}
          </Group>
        </nav>
      ) : null}
      {products.data?.items.length ? (
        <SimpleGrid component="ul" cols={HIGHLIGHT_PRODUCTS} spacing="xs" className={classes.highlights}>
          {products.data.items.map((product) => (
            <li key={product.id}>
              <Link to={`/${locale}/products/${product.slug}?shop=${shop}`} className={classes.highlight}>
                {/* The name under the image says what the link is: the image has no alt text of its own. */}
                <ProductImage image={product.image} sizes="(min-width: 48em) 12rem, 30vw" alt="" />
                <Text variant="caption" component="span" lineClamp={2}>
                  {product.name}
                </Text>
              </Link>
            </li>
          ))}
        </SimpleGrid>
      ) : null}
      <Text variant="caption">
        <FormattedMessage id="home.shop.count" values={{ count: products.data?.total ?? 0 }} />
      </Text>
    </Stack>
  );
}

/** The families and a few products of a public shop, for the visitor's home page. */
export default function ShopHighlights({ shop }: { shop: PublicShop }) {
  return (
    <PortalQueryProvider>
      <Highlights shop={shop} />
    </PortalQueryProvider>
  );
}
