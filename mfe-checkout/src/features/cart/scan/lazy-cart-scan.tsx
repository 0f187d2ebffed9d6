// The scan field is a chunk of its own, loaded only for a contract buyer's cart (decision 082): the
// cart's first screen (a visitor's, whose budget is decision 068's) carries this stub and nothing
// of scan to order.
import { lazy, Suspense } from 'react';

const CartScan = lazy(() => import(/* webpackChunkName: "cart-scan" */ './cart-scan'));

export function LazyCartScan() {
  return (
    <Suspense fallback={null}>
      <CartScan />
    </Suspense>
  );
}
