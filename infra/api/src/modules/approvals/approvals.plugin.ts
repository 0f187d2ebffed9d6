// Approval rules and orders waiting for approval (issue 33, decision 055). The service is shared on
// the /api scope: the orders' placement asks it whether an order needs approval (app.ts hands it
// over); an order over its cost centre's budget "goes to approval" through its `submit`, which asks
// the budgets' port itself. Its ports (the members, the
// categories, the cart, the checkout's quote and the placement of given lines) are given by app.ts.
import type { BudgetPort, CartPort, CategoryFactsPort, MemberDirectoryPort, PunchoutGatePort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { createApprovalsRepository } from './approvals.repository';
import { registerApprovalRoutes } from './approvals.routes';
import { createApprovalsService, type ApprovalPlacement, type ApprovalQuotes, type ApprovalsService } from './approvals.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Approvals (decorated on the /api scope): the orders' refusal of an order that needs approval. */
    approvals: ApprovalsService;
  }
}

export interface ApprovalsOptions {
  ports: {
    members: MemberDirectoryPort;
    categories: CategoryFactsPort;
    cart: CartPort;
    budgets: Pick<BudgetPort, 'exceeds'>;
    /** A punchout's cart is not submitted for approval: it goes back to the procurement system (decision 052). */
    punchout: Pick<PunchoutGatePort, 'isOpen' | 'refusal'>;
  };
  quotes: ApprovalQuotes;
  placement: ApprovalPlacement;
}

export default modulePlugin<ApprovalsOptions>({ name: 'approvals', shares: true, dependencies: ['checkout', 'orders'] }, (api, { ports, quotes, placement }) => {
  const service = createApprovalsService({
    db: api.database.db,
    repo: createApprovalsRepository(api.database.db, ports.cart),
    members: ports.members,
    categories: ports.categories,
    quotes,
    placement,
    budgets: ports.budgets,
    punchout: ports.punchout,
  });
  api.decorate('approvals', service);
  registerApprovalRoutes(api, api.routeRegistry, service);
});
