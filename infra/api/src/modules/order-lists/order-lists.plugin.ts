// Order lists (issue 33, decision 056): the routes inside /api, given the catalogue (products as the
// caller's shop shows them) and the cart (filled through its own service) by app.ts.
import { modulePlugin } from '../../http/module-plugin';
import { createOrderListsRepository } from './order-lists.repository';
import { registerOrderListRoutes } from './order-lists.routes';
import { createOrderListsService, type OrderListCart, type OrderListProducts } from './order-lists.service';

export default modulePlugin<{ products: OrderListProducts; cart: OrderListCart }>({ name: 'order-lists', dependencies: ['catalog', 'cart'] }, (api, { products, cart }) => {
  const service = createOrderListsService({ repo: createOrderListsRepository(api.database.db), products, cart });
  registerOrderListRoutes(api, api.routeRegistry, service);
});
