import type { VatBuyerPort } from '../accounts/contract';
import type { ProductVatPort } from '../catalog/contract';
import { modulePlugin } from '../../http/module-plugin';
import { createCartRepository } from './cart.repository';
import { registerCartRoutes } from './cart.routes';
import { createCartService, type CartProducts, type CartService } from './cart.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The cart (decorated on the /api scope): the checkout's cart port. */
    cart: CartService;
  }
}

export default modulePlugin<{ products: CartProducts; vat: { buyers: VatBuyerPort; products: ProductVatPort } }>({ name: 'cart', shares: true, dependencies: ['catalog'] }, (api, { products, vat }) => {
  // The cart reads an anonymous token it is given (the merge) with the same signer as the caller plugin.
  const anonymousSession = async (token: string) => {
    const who = await api.tokenSigner.verify(token).catch(() => null);
    return who?.kind === 'anonymous' ? who.sessionId : null;
  };
  const db = api.database.db;
  const cart = createCartService({
    repo: createCartRepository(db),
    products,
    anonymousSession,
    vat: { buyer: (owner) => vat.buyers.of(db, owner.kind === 'user' ? owner : { organisationId: null }), categories: (ids) => vat.products.categories(db, ids), sellerCountry: api.apiEnv.seller.address.country },
  });
  api.decorate('cart', cart);
  registerCartRoutes(api, api.routeRegistry, cart);
});
