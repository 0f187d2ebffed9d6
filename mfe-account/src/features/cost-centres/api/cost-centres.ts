import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import {
  CostCentreSchema,
  CostCentresPageSchema,
  ProcurementSystemSchema,
  ProcurementSystemsSchema,
  type CostCentreInput,
  type OverBudgetRule,
  type ProcurementSystemInput,
} from '@portal/shared/schemas/account';
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

export const procurementSystemsKey = ['account', 'cost-centres', 'procurement-systems'] as const;

/** The organisation's procurement systems and the cost centre each one's orders are charged to when they name none (issue 40). */
export const useProcurementSystems = () =>
  useQuery({ queryKey: procurementSystemsKey, queryFn: ({ signal }) => portalApi().get('/cost-centres/procurement-systems', { schema: ProcurementSystemsSchema, signal }) });

export function useSetProcurementSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProcurementSystemInput) => portalApi().put('/cost-centres/procurement-systems', { body, schema: ProcurementSystemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: procurementSystemsKey }),
  });
}
