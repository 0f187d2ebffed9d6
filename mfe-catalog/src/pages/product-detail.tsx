import { useParams } from '@portal/shared/router';
import { ProductDetailPageBody } from '../features/product-detail/components/product-detail-page-body';

/** Specifications, stock and contract price of this product. */
export default function ProductDetailPage() {
  const { slug = '' } = useParams();
  return <ProductDetailPageBody slug={slug} mount="my-products" />;
}
