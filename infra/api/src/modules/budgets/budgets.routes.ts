import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  ACCOUNT_ERRORS,
  API_ERRORS,
  BUDGET_ERRORS,
  BudgetRuleSchema,
  CheckoutCostCentresSchema,
  CostCentreIdParamsSchema,
  CostCentreInputSchema,
  CostCentreSchema,
  CostCentresPageSchema,
  ProcurementSystemInputSchema,
  ProcurementSystemSchema,
  ProcurementSystemsSchema,
} from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { BudgetsService } from './budgets.service';

const problems = {
  400: { description: `Invalid input (${API_ERRORS.VALIDATION_FAILED})` },
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Not an administrator of the organisation (${ACCOUNT_ERRORS.ADMINS_ONLY})` },
};
const notFound = { 404: { description: `No such cost centre in the organisation (${BUDGET_ERRORS.NOT_FOUND})` } };
const saveProblems = {
  409: { description: `Another cost centre of the organisation has this code (${BUDGET_ERRORS.CODE_TAKEN})` },
  422: { description: `A buyer who is not a member of the organisation (${BUDGET_ERRORS.NOT_A_MEMBER}, field buyer_ids)` },
};

export function registerBudgetsRoutes(app: FastifyInstance, registry: RouteRegistry, service: BudgetsService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/cost-centres',
    operationId: 'listCostCentres',
    summary: "The organisation's cost centres with this period's budget, spent and left, and the over-budget rule (administrators only)",
    tags: ['budgets'],
    auth: 'bearer',
    responses: { 200: { description: 'The cost centres', schema: CostCentresPageSchema }, ...problems },
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.page(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/cost-centres',
    operationId: 'createCostCentre',
    summary: 'Create a cost centre with its budget per period and the buyers who may order against it',
    tags: ['budgets'],
    auth: 'bearer',
    body: CostCentreInputSchema,
    responses: { 201: { description: 'The cost centre', schema: CostCentreSchema }, ...problems, ...saveProblems },
    handler: async ({ body, caller, reply }) => {
      const created = await service.create(caller, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/cost-centres/mine',
    operationId: 'listOwnCostCentres',
    summary: "The cost centres the caller may order against, with what is left this period; `required`: the organisation has cost centres, so an order names one",
    tags: ['budgets'],
    auth: 'bearer',
    responses: {
      200: { description: 'The choice', schema: CheckoutCostCentresSchema },
      401: problems[401],
      403: { description: `A provider employee (${ACCOUNT_ERRORS.CUSTOMERS_ONLY})` },
    },
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.own(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/cost-centres/procurement-systems',
    operationId: 'listProcurementSystemCostCentres',
    summary: "The organisation's procurement systems (cXML identities, its Peppol identity) and the cost centre each one's orders are charged to when the document names none",
    tags: ['budgets'],
    auth: 'bearer',
    responses: { 200: { description: 'The systems', schema: ProcurementSystemsSchema }, ...problems },
    handler: async ({ caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.procurementSystems(caller);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/cost-centres/procurement-systems',
    operationId: 'setProcurementSystemCostCentre',
    summary: "Set a procurement system's default cost centre (null: none) and, for cXML, the Accounting Segment type that names the cost centre (null: CostCenter)",
    tags: ['budgets'],
    auth: 'bearer',
    body: ProcurementSystemInputSchema,
    responses: {
      200: { description: 'The system', schema: ProcurementSystemSchema },
      ...problems,
      404: { description: `No such procurement system in the organisation (${BUDGET_ERRORS.PROCUREMENT_SYSTEM_NOT_FOUND})` },
      422: { description: `The default is not a cost centre of the organisation (${BUDGET_ERRORS.NOT_FOUND}, field default_cost_centre_id)` },
    },
    handler: async ({ body, caller }) => service.setProcurementSystem(caller, body),
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/cost-centres/:id',
    operationId: 'getCostCentre',
    summary: 'One cost centre of the organisation (administrators only)',
    tags: ['budgets'],
    auth: 'bearer',
    params: CostCentreIdParamsSchema,
    responses: { 200: { description: 'The cost centre', schema: CostCentreSchema }, ...problems, ...notFound },
    handler: async ({ params, caller, reply }) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(caller, params.id);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/cost-centres/:id',
    operationId: 'updateCostCentre',
    summary: 'Change a cost centre (code, name, active, budget, period) and its buyers; what was spent this period stays',
    tags: ['budgets'],
    auth: 'bearer',
    params: CostCentreIdParamsSchema,
    body: CostCentreInputSchema,
    responses: { 200: { description: 'The cost centre', schema: CostCentreSchema }, ...problems, ...notFound, ...saveProblems },
    handler: async ({ params, body, caller }) => service.update(caller, params.id, body),
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/budget-rule',
    operationId: 'setBudgetRule',
    summary: `What happens to an order over what is left of its cost centre's budget: refused (${BUDGET_ERRORS.EXCEEDED}) or sent for approval (${BUDGET_ERRORS.APPROVAL_REQUIRED} at placement; the checkout then submits it for approval)`,
    description:
      'With `approval`, POST /v1/orders answers 409 ' +
      BUDGET_ERRORS.APPROVAL_REQUIRED +
      ' for an order over what is left; the same body sent to POST /v1/approval-requests is stored with the reason `budget` (the cost centre and what is left, found by the server). An approver\'s approval places the order and charges the cost centre even past its budget; the order records by how much (`cost_centre.over_budget_cents` on the order page).',
    tags: ['budgets'],
    auth: 'bearer',
    body: BudgetRuleSchema,
    responses: { 200: { description: 'The rule', schema: v.object({ over_budget: BudgetRuleSchema.entries.over_budget }) }, ...problems },
    handler: async ({ body, caller }) => service.setRule(caller, body.over_budget),
  });
}
