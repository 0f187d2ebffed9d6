import { PageIntro } from '@portal/shared/ui';

/** Specifications and list price of this product. */
export default function PublicProductDetailPage() {
  return <PageIntro titleId="title.product" introId="catalog.publicProductDetail.intro" />;
}
