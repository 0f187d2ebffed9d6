import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import type { ShopType } from '@portal/shared/api';
import type { CatalogProductSummary } from '@portal/shared/schemas/shop';
import { Anchor, Card, Group, ProductImage, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { StockBadge, ToneBadge } from '@portal/shared/ui/status';
import { AddToCart } from '../../../components/add-to-cart';
import { PriceTag } from '../../../components/price-tag';

export interface ProductListProps {
  items: CatalogProductSummary[];
  /** Path of the detail pages, e.g. `/nl/my-products`. */
  basePath: string;
  /** Search string kept on detail links (the shop of a one-origin deployment). */
  linkSearch: string;
  shop: ShopType;
  inclVat: boolean;
  /** The items are the previous page's, kept on screen while the new filters or sort load. */
  busy?: boolean;
}

/** How wide a card's picture is drawn: one, two or three columns (SimpleGrid below), within the page. */
const CARD_SIZES = '(min-width: 75em) 25vw, (min-width: 48em) 45vw, 100vw';

/** The products of one index page, as cards. */
export function ProductList({ items, basePath, linkSearch, shop, inclVat, busy }: ProductListProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="product-list"
      aria-busy={busy || undefined}
    >
      {items.map((p, i) => (
        <Card component="li" key={p.id} withBorder padding="md" data-testid="product-card" data-product-id={p.id}>
          <Card.Section mb="sm">
            {/* The first row is on screen when the page opens; the rest load as they scroll in. */}
            <ProductImage image={p.image} sizes={CARD_SIZES} loading={i < 3 ? 'eager' : 'lazy'} />
          </Card.Section>
          <Stack gap={6}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text variant="caption">{p.brand}</Text>
              {p.is_bundle ? (
                <ToneBadge tone="neutral" variant="outline">
                  <FormattedMessage id="catalog.bundle" />
                </ToneBadge>
              ) : null}
            </Group>
            <Anchor component={Link} to={`${basePath}/${p.slug}${linkSearch}`} fw={600} c="dark.8">
              {p.name}
            </Anchor>
            <Text variant="caption">
              <FormattedMessage id="catalog.list.articleCode" values={{ code: p.article_code }} />
              {p.nsn ? (
                <>
                  {' · '}
                  <FormattedMessage id="catalog.list.nsn" values={{ nsn: p.nsn }} />
                </>
              ) : null}
            </Text>
            <Group justify="space-between" align="center">
              <PriceTag price={p.price} inclVat={inclVat} state={p.stock_state} />
              <StockBadge state={p.stock_state} />
            </Group>
            <AddToCart product={p} shop={shop} compact />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
