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

export default modulePlugin<{ products: CartProducts }>({ name: 'cart', shares: true, dependencies: ['catalog'] }, (api, { products }) => {
  // The cart reads an anonymous token it is given (the merge) with the same signer as the caller plugin.
  const anonymousSession = async (token: string) => {
    const who = await api.tokenSigner.verify(token).catch(() => null);
    return who?.kind === 'anonymous' ? who.sessionId : null;
  };
  const cart = createCartService({ repo: createCartRepository(api.database.db), products, anonymousSession });
  api.decorate('cart', cart);
  registerCartRoutes(api, api.routeRegistry, cart);
});
