import { useMutation, useQueryClient } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { addressesKey } from './addresses';

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => portalApi().delete(`/addresses/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  });
}
