import { modulePlugin } from '../../http/module-plugin';
import { createCheckoutRepository } from './checkout.repository';
import { registerCheckoutRoutes } from './checkout.routes';
import { createCheckoutService, type CheckoutCart, type CheckoutService } from './checkout.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The checkout (decorated on the /api scope): placement's quote port. */
    checkout: CheckoutService;
  }
}

export default modulePlugin<{ cart: CheckoutCart }>({ name: 'checkout', shares: true, dependencies: ['cart'] }, (api, { cart }) => {
  const checkout = createCheckoutService({ repo: createCheckoutRepository(api.database.db), cart });
  api.decorate('checkout', checkout);
  registerCheckoutRoutes(api, api.routeRegistry, checkout);
});
