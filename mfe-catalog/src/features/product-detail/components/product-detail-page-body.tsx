import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from '@portal/shared/router';
import { isApiError } from '@portal/shared/api';
import { Anchor, Notice, NOTICE_LINK, Stack, VisuallyHidden } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useLocale } from '@portal/shared/navigation';
import { usePageTitle } from '@portal/shared/routing';
import { useShop } from '../../../lib/shop';
import { useProduct } from '../api/get-product';
import { ProductDetailView } from './product-detail-view';

/** Loads a product by slug for the page's shop and shows it, or says it is not there. */
export function ProductDetailPageBody({ slug, mount }: { slug: string; mount: 'my-products' | 'products' }) {
  const intl = useIntl();
  const locale = useLocale();
  const { shop } = useShop();
  const { search } = useLocation();
  const shopParam = new URLSearchParams(search).get('shop');
  const linkSearch = shopParam ? `?shop=${shopParam}` : '';
  const basePath = `/${locale}/${mount}`;
  const product = useProduct(shop, locale, slug);
  // The tab and a bookmark say which product ("Tourniquet CAT Gen 7 | Portal"), not "Product".
  usePageTitle(product.data?.name);
  if (product.isError) {
    const missing = isApiError(product.error) && product.error.status === 404;
    return (
      <Stack>
        <VisuallyHidden component="h1">{intl.formatMessage({ id: 'title.product' })}</VisuallyHidden>
        <Notice tone={missing ? 'gray' : 'red'} title={intl.formatMessage({ id: missing ? 'catalog.detail.notFound' : 'catalog.error' })}>
          <Anchor component={Link} to={`${basePath}${linkSearch}`} {...NOTICE_LINK}>
            <FormattedMessage id="catalog.detail.back" />
          </Anchor>
        </Notice>
      </Stack>
    );
  }
  // The error says more than the region's alert (not found, and the way back), so it is above.
  return (
    <StateRegion status={product.status} loadingLabel={intl.formatMessage({ id: 'catalog.loading' })} errorTitle={intl.formatMessage({ id: 'catalog.error' })}>
      {product.data ? <ProductDetailView product={product.data} shop={shop} basePath={basePath} linkSearch={linkSearch} /> : null}
    </StateRegion>
  );
}
