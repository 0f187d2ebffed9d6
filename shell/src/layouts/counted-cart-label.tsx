// The cart label with its count: the one part of the header that reads data through the query cache,
// so it is its own chunk and brings TanStack Query only once there is a session whose cart to count
// (decision 033).
import { PortalQueryProvider } from '@portal/shared/query';
import { useCartCount } from '../platform/use-cart-count';
import { CartLabel } from './cart-label';

function Counted() {
  return <CartLabel count={useCartCount()} />;
}

export default function CountedCartLabel() {
  return (
    <PortalQueryProvider>
      <Counted />
    </PortalQueryProvider>
  );
}
