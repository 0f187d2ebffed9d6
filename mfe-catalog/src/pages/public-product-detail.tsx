import { useParams } from '@portal/shared/router';
import { ProductDetailPageBody } from '../features/product-detail/components/product-detail-page-body';

/** Specifications and list price of this product. */
export default function PublicProductDetailPage() {
  const { slug = '' } = useParams();
  return <ProductDetailPageBody slug={slug} mount="products" />;
}
