import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { queryKeys } from '@portal/shared/query';

/** Deletes a quotation. */
export function useDeleteQuotation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => portalApi({ shop: 'portal' }).delete(`/quotations/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.quotations.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.quotations.list() });
    },
  });
}
