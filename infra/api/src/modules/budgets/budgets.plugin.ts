// Cost centres and budgets (issue 33, decision 054): the administrators' routes and the buyer's
// choice. Placement charges the budget through the BudgetPort (budgets.port.ts), which the
// composition root hands to the orders and payments modules.
import { modulePlugin } from '../../http/module-plugin';
import { createBudgetsRepository } from './budgets.repository';
import { registerBudgetsRoutes } from './budgets.routes';
import { createBudgetsService } from './budgets.service';

export default modulePlugin({ name: 'budgets' }, (api) => {
  registerBudgetsRoutes(api, api.routeRegistry, createBudgetsService(createBudgetsRepository(api.database.db)));
});
