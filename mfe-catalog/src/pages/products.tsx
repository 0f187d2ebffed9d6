import { PageIntro } from '@portal/shared/ui';

/** Browse the public web shop at list prices. Sign in to order. */
export default function ProductsPage() {
  return <PageIntro titleId="title.products" introId="catalog.products.intro" />;
}
