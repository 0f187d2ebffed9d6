import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from '@portal/shared/router';
import { Anchor, Group, PageIntro } from '@portal/shared/ui';
import { ProductsIndex } from '../features/products/components/products-index';
import { useLocale } from '@portal/shared/navigation';
import { useAudience, type Audience } from '@portal/shared/session';
import { PUBLIC_SHOPS, useShop } from '../lib/shop';

// The shop speaks to who opens it (decision 044): "sign in to order" only to a visitor; a signed-in
// contract buyer read it too (issue 44.11).
const INTROS: Readonly<Record<Audience, string>> = {
  visitor: 'catalog.products.intro',
  webshop: 'catalog.products.intro.webshop',
  contract: 'catalog.products.intro.contract',
  staff: 'catalog.products.intro.staff',
};

/** Browse the public web shop; the introduction says what it is to the reader. */
export default function ProductsPage() {
  const intl = useIntl();
  const locale = useLocale();
  const { shop, fixedByHost } = useShop();
  const [params] = useSearchParams();
  const audience = useAudience();
  return (
    <>
      <PageIntro titleId="title.products" introId={INTROS[audience]} />
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
