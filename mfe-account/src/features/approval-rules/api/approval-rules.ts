// The organisation's approval rules (issue 33): the administrator lists, adds and removes them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ApprovalRuleListSchema, ApprovalRuleOptionsSchema, ApprovalRuleSchema, type ApprovalRuleInput } from '@portal/shared/schemas/account';

export const approvalRulesKey = ['account', 'approval-rules'] as const;

export const approvalRulesQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalRulesKey, 'list'],
    queryFn: ({ signal }) => portalApi().get('/approval-rules', { schema: ApprovalRuleListSchema, signal }),
  });

export const useApprovalRules = () => useQuery(approvalRulesQueryOptions());

/** The form's choices: the organisation's members and the catalogue's categories. */
export const useRuleOptions = () =>
  useQuery({
    queryKey: [...approvalRulesKey, 'options'],
    queryFn: ({ signal }) => portalApi().get('/approval-rules/options', { schema: ApprovalRuleOptionsSchema, signal }),
  });

export function useAddRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: ApprovalRuleInput) => portalApi().post('/approval-rules', { body: rule, schema: ApprovalRuleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalRulesKey }),
  });
}

export function useRemoveRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => portalApi().delete(`/approval-rules/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalRulesKey }),
  });
}
