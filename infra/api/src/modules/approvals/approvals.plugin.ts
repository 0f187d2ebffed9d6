// Approval rules and orders waiting for approval (issue 33, decision 055). It registers its rule
// with the orders' placement (a checkout's order that needs approval is refused), and an approved
// request is placed through the same placement (placement.ts): approvals depends on orders, one way
// (decision 065). An order over its cost centre's budget "goes to approval" through `submit`, which
// asks placement to check the checkout as it would (issue 40). Its ports (the members, the
// categories, the cart), the checkout's quote and the orders' placement are given by app.ts.
import type { MemberDirectoryPort } from '../accounts/contract';
import type { CartPort } from '../cart/contract';
import type { CategoryFactsPort } from '../catalog/contract';
import type { OrderPlacementPort } from '../orders/contract';
import { modulePlugin } from '../../http/module-plugin';
import { createApprovalsRepository } from './approvals.repository';
import { registerApprovalRoutes } from './approvals.routes';
import { createApprovalsService, type ApprovalQuotes, type ApprovalsService } from './approvals.service';
import { approvalPlacement } from './placement';

declare module 'fastify' {
  interface FastifyInstance {
    /** Approvals (decorated on the /api scope). */
    approvals: ApprovalsService;
  }
}

export interface ApprovalsOptions {
  ports: {
    members: MemberDirectoryPort;
    categories: CategoryFactsPort;
    cart: CartPort;
  };
  quotes: ApprovalQuotes;
  /** The orders' placement: it asks the approvals' rule, and places approved requests. */
  orders: OrderPlacementPort;
}

export default modulePlugin<ApprovalsOptions>({ name: 'approvals', shares: true, dependencies: ['checkout', 'orders'] }, (api, { ports, quotes, orders }) => {
  const service = createApprovalsService({
    db: api.database.db,
    repo: createApprovalsRepository(api.database.db, ports.cart),
    members: ports.members,
    categories: ports.categories,
    quotes,
    placement: approvalPlacement(quotes, orders),
  });
  orders.gate((scope, caller, quote) => service.refuseIfRequired(scope, caller, quote));
  api.decorate('approvals', service);
  registerApprovalRoutes(api, api.routeRegistry, service);
});
