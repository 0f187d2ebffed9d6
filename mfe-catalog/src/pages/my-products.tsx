import { PageIntro } from '@portal/shared/ui';
import { ProductsIndex } from '../features/products/components/products-index';
import { useLocale } from '@portal/shared/navigation';

/** Your organisation's contract range and bundles, with your contract prices. */
export default function MyProductsPage() {
  const locale = useLocale();
  return (
    <>
      <PageIntro titleId="title.my_products" introId="catalog.myProducts.intro" />
      <ProductsIndex shop="portal" basePath={`/${locale}/my-products`} />
    </>
  );
}
