import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from '@portal/shared/router';
import { Anchor, Group, PageIntro } from '@portal/shared/ui';
import { ProductsIndex } from '../features/products/components/products-index';
import { useLocale } from '@portal/shared/navigation';
import { PUBLIC_SHOPS, useShop } from '../lib/shop';

/** Browse the public web shop at list prices. Sign in to order. */
export default function ProductsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { shop, fixedByHost } = useShop();
  const [params] = useSearchParams();
  return (
    <>
      <PageIntro titleId="title.products" introId="catalog.products.intro" />
      {fixedByHost ? null : (
        // One-origin deployment: both shops, switched by ?shop= (docs/decisions/007).
        <Group component="nav" gap="md" mb="md" aria-label={intl.formatMessage({ id: 'catalog.shop.switch' })}>
          {PUBLIC_SHOPS.map((s) => (
            <Anchor key={s} component={Link} to={`/${locale}/products?shop=${s}`} aria-current={s === shop ? 'page' : undefined} fw={s === shop ? 700 : 400}>
              <FormattedMessage id={`catalog.shop.${s}`} />
            </Anchor>
          ))}
        </Group>
      )}
      <ProductsIndex key={`${shop}-${params.get('shop') ?? ''}`} shop={shop} basePath={`/${locale}/products`} />
    </>
  );
}
