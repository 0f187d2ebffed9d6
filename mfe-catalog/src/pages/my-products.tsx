import { PageIntro } from '@portal/shared/ui';

/** Your organisation's contract range and bundles, with your contract prices. */
export default function MyProductsPage() {
  return <PageIntro titleId="title.my_products" introId="catalog.myProducts.intro" />;
}
