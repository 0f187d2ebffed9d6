import type { ReactNode } from 'react';
import { Link } from '@portal/shared/router';
import type { CatalogProductSummary } from '@portal/shared/schemas/shop';
import { Anchor, Divider, Group, ProductImage, Stack, Text } from '@portal/shared/ui';
import { StockBadge } from '@portal/shared/ui/status';
import { AddToCart } from '../../../components/add-to-cart';
import { PriceTag } from '../../../components/price-tag';
import { useLocale } from '@portal/shared/navigation';
import { useVatPreference } from '@portal/shared/preferences';

/** Props of WidgetProductList. */
export interface WidgetProductListProps {
  items: { product: CatalogProductSummary; detail: ReactNode }[];
}

/** Products in a dashboard widget: thumbnail, name, codes, a line of its own, price, stock and add to cart. */
export function WidgetProductList({ items }: WidgetProductListProps) {
  const locale = useLocale();
  const [inclVat] = useVatPreference();
  return (
    <Stack component="ul" gap={0} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="widget-products">
      {items.map(({ product, detail }, index) => (
        <li key={product.id} data-product-id={product.id}>
          {index > 0 ? <Divider my="sm" /> : null}
          <Group justify="space-between" align="flex-start" gap="sm">
            {/* A thumbnail beside the name: it repeats what the link says, so it has no alt text. */}
            <ProductImage image={product.image} sizes="4rem" alt="" style={{ width: '4rem' }} />
            <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Anchor component={Link} to={`/${locale}/my-products/${product.slug}`} fw={600} c="dark.8">
                {product.name}
              </Anchor>
              <Text variant="caption">
                {product.article_code} · {detail}
              </Text>
              <Group gap="sm" align="center">
                <PriceTag price={product.price} inclVat={inclVat} state={product.stock_state} />
                <StockBadge state={product.stock_state} />
              </Group>
            </Stack>
            <AddToCart product={product} shop="portal" compact />
          </Group>
        </li>
      ))}
    </Stack>
  );
}
