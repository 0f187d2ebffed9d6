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

/** `ports`: the quotations' port an accepted quotation is priced through (decision 039). */
export default modulePlugin<{ cart: CheckoutCart; ports: Parameters<typeof createCheckoutRepository>[1] }>({ name: 'checkout', shares: true, dependencies: ['cart'] }, (api, { cart, ports }) => {
  const checkout = createCheckoutService({ repo: createCheckoutRepository(api.database.db, ports), cart, sellerCountry: api.apiEnv.seller.address.country });
  api.decorate('checkout', checkout);
  registerCheckoutRoutes(api, api.routeRegistry, checkout);
});
