import { PageIntro } from '@portal/shared/ui';

/** Specifications, stock and price of this product. */
export default function ProductDetailPage() {
  return <PageIntro titleId="title.product" introId="catalog.productDetail.intro" />;
}
