// The orders waiting for approval (issue 33): the buyer's own requests, the approvers' queue, one
// request, and the approver's decision.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';
import { ApprovalRequestListSchema, ApprovalRequestSchema, PendingApprovalCountSchema, type ApprovalDecision } from '@portal/shared/schemas/orders';

export type ApprovalView = 'mine' | 'queue' | 'all';

export const approvalKeys = {
  all: ['approvals'] as const,
  list: (view: ApprovalView) => ['approvals', 'list', view] as const,
  detail: (id: string) => ['approvals', 'detail', id] as const,
  /** Under `all`: a decision (which invalidates `all`) updates the count too. */
  pendingCount: ['approvals', 'pending-count'] as const,
};

export const useApprovalRequests = (view: ApprovalView) =>
  useQuery({
    queryKey: approvalKeys.list(view),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/approval-requests', { query: { view }, schema: ApprovalRequestListSchema, signal }),
  });

/** How many requests wait for the signed-in approver's decision; only asked for approvers (`enabled`). */
export const usePendingApprovalCount = (enabled: boolean) =>
  useQuery({
    queryKey: approvalKeys.pendingCount,
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get('/approval-requests/pending-count', { schema: PendingApprovalCountSchema, signal }),
    enabled,
  });

export const useApprovalRequest = (id: string) =>
  useQuery({
    queryKey: approvalKeys.detail(id),
    queryFn: ({ signal }) => portalApi({ shop: 'portal' }).get(`/approval-requests/${id}`, { schema: ApprovalRequestSchema, signal }),
  });

/** Approve (the order is placed) or reject; a 409 APPROVAL_CHANGED says what changed, and the request is read again to show it. */
export function useDecide(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApprovalDecision) => portalApi({ shop: 'portal' }).post(`/approval-requests/${id}/decision`, { body: decision, schema: ApprovalRequestSchema }),
    onSuccess: (request) => {
      queryClient.setQueryData(approvalKeys.detail(id), request);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      return queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: approvalKeys.detail(id) }),
  });
}
