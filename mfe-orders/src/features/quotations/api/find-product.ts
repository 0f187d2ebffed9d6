import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { QuickOrderResultSchema } from '@portal/shared/schemas/orders';

/** Looks up a product by article code in the buyer's range (the quick-order lookup). */
export const useFindProduct = () =>
  useMutation({
    mutationFn: async (code: string) => {
      const result = await portalApi({ shop: 'portal' }).post('/catalog/quick-order', { body: { lines: [{ code, quantity: 1 }] }, schema: QuickOrderResultSchema });
      return result.lines[0]?.product ?? null;
    },
  });
