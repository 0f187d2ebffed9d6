import type { FastifyInstance } from 'fastify';
import {
  API_ERRORS,
  APPROVAL_ERRORS,
  ApprovalCheckSchema,
  ApprovalDecisionSchema,
  ApprovalIdParamsSchema,
  ApprovalListQuerySchema,
  ApprovalRequestListSchema,
  ApprovalRequestSchema,
  ApprovalRuleInputSchema,
  ApprovalRuleListSchema,
  ApprovalRuleOptionsSchema,
  ApprovalRuleSchema,
  BUDGET_ERRORS,
  PUNCHOUT_ERRORS,
  CHECKOUT_ERRORS,
  CheckoutPreviewRequestSchema,
  CheckoutSchema,
  PendingApprovalCountSchema,
} from '@portal/shared/schemas';
import { signInSessionOf } from '../../http/sign-in-session';
import { defineRoute, type RouteRegistry } from '../../http/route';
import type { ApprovalsService } from './approvals.service';

const problems = {
  401: { description: `Not signed in (${API_ERRORS.UNAUTHORIZED})` },
  403: { description: `Staff (${CHECKOUT_ERRORS.CUSTOMERS_ONLY}), a web-shop customer (${APPROVAL_ERRORS.ORGANISATION_ONLY}), or not the caller's role (${APPROVAL_ERRORS.ADMINS_ONLY}, ${APPROVAL_ERRORS.APPROVERS_ONLY})` },
};
const notFound = { 404: { description: `No such request in the caller's organisation (${APPROVAL_ERRORS.NOT_FOUND}); another organisation's answers the same` } };
const request = { description: 'The request', schema: ApprovalRequestSchema };

export function registerApprovalRoutes(app: FastifyInstance, registry: RouteRegistry, service: ApprovalsService) {
  const common = { tags: ['approvals'], auth: 'bearer' as const };
  const noStore = (reply: { header(k: string, v: string): unknown }) => reply.header('cache-control', 'private, no-store');

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/approval-rules',
    operationId: 'listApprovalRules',
    summary: "The organisation's approval rules (administrators)",
    responses: { 200: { description: 'The rules', schema: ApprovalRuleListSchema }, ...problems },
    handler: async ({ request: req, reply, caller }) => {
      noStore(reply);
      return service.rules(caller, req.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/approval-rules/options',
    operationId: 'approvalRuleOptions',
    summary: "The rule form's choices: the organisation's members and the catalogue's categories (administrators)",
    responses: { 200: { description: 'The choices', schema: ApprovalRuleOptionsSchema }, ...problems },
    handler: async ({ request: req, reply, caller }) => {
      noStore(reply);
      return service.ruleOptions(caller, req.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/approval-rules',
    operationId: 'addApprovalRule',
    summary: 'Add a rule: an order total above an amount, products of chosen categories, or any order by chosen users (administrators)',
    body: ApprovalRuleInputSchema,
    responses: {
      201: { description: 'The rule', schema: ApprovalRuleSchema },
      400: { description: API_ERRORS.VALIDATION_FAILED },
      ...problems,
      409: { description: `At most 50 rules (${APPROVAL_ERRORS.INVALID_RULE})` },
      422: { description: `A category or user that is not the catalogue's or the organisation's (${APPROVAL_ERRORS.INVALID_RULE})` },
    },
    handler: async ({ request: req, reply, caller, body }) => {
      reply.code(201);
      return service.addRule(caller, body, req.locale);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'DELETE',
    url: '/v1/approval-rules/:id',
    operationId: 'removeApprovalRule',
    summary: 'Remove a rule (administrators); requests already submitted stay',
    params: ApprovalIdParamsSchema,
    responses: { 204: { description: 'Removed' }, ...problems, 404: { description: `No such rule in the organisation (${APPROVAL_ERRORS.RULE_NOT_FOUND})` } },
    handler: async ({ reply, caller, params }) => {
      await service.removeRule(caller, params.id);
      reply.code(204);
      return undefined;
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/approval-requests/check',
    operationId: 'checkApproval',
    summary: 'Whether the checkout as it stands needs approval, and which rules it meets (the same body as the preview)',
    body: CheckoutPreviewRequestSchema,
    responses: { 200: { description: 'Needed or not', schema: ApprovalCheckSchema }, 400: { description: API_ERRORS.VALIDATION_FAILED }, ...problems, 422: { description: 'As the preview' } },
    handler: async ({ request: req, reply, caller, body }) => {
      noStore(reply);
      return service.check(await req.shopScope(), caller, body);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/approval-requests',
    operationId: 'submitForApproval',
    summary: "Submit the caller's cart for approval instead of placing it (the checkout's body); the cart is emptied",
    description: `The reasons are the server's: the organisation's rules the order meets and, where \`cost_centre_id\` names a cost centre whose budget the order's total exceeds and the organisation's over-budget rule is \`approval\` (placement answered ${BUDGET_ERRORS.APPROVAL_REQUIRED}), the reason \`budget\` with the cost centre and what is left (\`amount_cents\`). A body with reasons of its own is refused (400).`,
    body: CheckoutSchema,
    responses: {
      201: request,
      400: { description: API_ERRORS.VALIDATION_FAILED },
      ...problems,
      409: { description: `${APPROVAL_ERRORS.NOT_REQUIRED} (no rule met and the budget fits: place it), ${BUDGET_ERRORS.EXCEEDED} (over the budget where the organisation refuses: \`remaining_cents\`, \`cost_centre\`), ${CHECKOUT_ERRORS.CART_EMPTY}, ${CHECKOUT_ERRORS.NOT_ORDERABLE}, ${CHECKOUT_ERRORS.CART_BUSY}, ${PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT} (an open punchout session's cart goes back to the procurement system)` },
      422: { description: `${CHECKOUT_ERRORS.ADDRESS_NOT_FOUND}, ${CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE}, ${CHECKOUT_ERRORS.NO_SHIPPING_METHOD}, ${BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED} (field cost_centre_id)` },
    },
    handler: async ({ request: req, reply, caller, body }) => {
      reply.code(201);
      return service.submit(await req.shopScope(), caller, body, req.locale, signInSessionOf(req));
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/approval-requests',
    operationId: 'listApprovalRequests',
    summary: "The caller's requests (`view=mine`), or for approvers the organisation's waiting ones (`queue`) or all (`all`)",
    querystring: ApprovalListQuerySchema,
    responses: { 200: { description: 'The requests', schema: ApprovalRequestListSchema }, 400: { description: API_ERRORS.VALIDATION_FAILED }, ...problems },
    handler: async ({ reply, caller, query }) => {
      noStore(reply);
      return service.list(caller, query.view);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/approval-requests/pending-count',
    operationId: 'pendingApprovalCount',
    summary: 'How many requests wait for a decision (0 for a buyer): the header count',
    responses: { 200: { description: 'The count', schema: PendingApprovalCountSchema }, ...problems },
    handler: async ({ reply, caller }) => {
      noStore(reply);
      return service.pendingCount(caller);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'GET',
    url: '/v1/approval-requests/:id',
    operationId: 'getApprovalRequest',
    summary: 'One request: the order as the buyer saw it, its status, decision, changes found and history',
    params: ApprovalIdParamsSchema,
    responses: { 200: request, ...problems, ...notFound },
    handler: async ({ reply, caller, params }) => {
      noStore(reply);
      return service.get(caller, params.id);
    },
  });

  defineRoute(app, registry, {
    ...common,
    method: 'POST',
    url: '/v1/approval-requests/:id/decision',
    operationId: 'decideApprovalRequest',
    summary: "Approve (places the order in the buyer's name, prices and stock checked again) or reject, with a comment",
    description: `When prices, stock or the range changed since submission the answer is 409 ${APPROVAL_ERRORS.CHANGED} with \`changes\`; approve again with \`accept_changes: true\` (a line that left the range or the stock cannot be accepted: reject). A request with the reason \`budget\` is charged to its cost centre even past the budget (the approval authorises it); any other is charged within it (${BUDGET_ERRORS.EXCEEDED} / ${BUDGET_ERRORS.APPROVAL_REQUIRED}).`,
    params: ApprovalIdParamsSchema,
    body: ApprovalDecisionSchema,
    responses: {
      200: request,
      400: { description: API_ERRORS.VALIDATION_FAILED },
      ...problems,
      ...notFound,
      409: { description: `${APPROVAL_ERRORS.DECIDED}, ${APPROVAL_ERRORS.CHANGED} (\`changes\`), ${BUDGET_ERRORS.EXCEEDED} / ${BUDGET_ERRORS.APPROVAL_REQUIRED} (a request without the reason \`budget\` no longer fits its cost centre's budget)` },
      422: { description: `${CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE}, ${CHECKOUT_ERRORS.NO_SHIPPING_METHOD}: the request's choices no longer hold (reject)` },
    },
    handler: async ({ request: req, caller, params, body }) => service.decide(await req.shopScope('portal'), caller, params.id, body),
  });
}
