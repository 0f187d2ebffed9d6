import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { CostCentreSchema, CostCentresPageSchema, type CostCentreInput, type OverBudgetRule } from '@portal/shared/schemas/account';
import * as v from 'valibot';

export const costCentresKey = ['account', 'cost-centres'] as const;

/** The organisation's cost centres with this period's figures, and its over-budget rule (administrators only). */
export const costCentresQueryOptions = () =>
  queryOptions({ queryKey: costCentresKey, queryFn: ({ signal }) => portalApi().get('/cost-centres', { schema: CostCentresPageSchema, signal }) });

export const useCostCentres = () => useQuery(costCentresQueryOptions());

/** Creates a cost centre (no id) or changes one. */
export function useSaveCostCentre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CostCentreInput }) =>
      id ? portalApi().put(`/cost-centres/${encodeURIComponent(id)}`, { body, schema: CostCentreSchema }) : portalApi().post('/cost-centres', { body, schema: CostCentreSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: costCentresKey }),
  });
}

export function useSetBudgetRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rule: OverBudgetRule) => portalApi().put('/budget-rule', { body: { over_budget: rule }, schema: v.object({ over_budget: v.string() }) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: costCentresKey }),
  });
}
