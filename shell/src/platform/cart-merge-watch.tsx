import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { CartMergeResult } from '@portal/shared/schemas/shop';
import { showToast } from '@portal/shared/ui';
import { watchCartMerge } from './cart-merge';

/** Id of the toast that says what the sign-in merge changed. */
export const CART_MERGED_TOAST = 'cart-merged';

/** Merges a visitor's cart at sign-in and tells the buyer what changed on the way (issue 13). */
export function CartMergeWatch() {
  const intl = useIntl();
  useEffect(() => {
    const told = ({ changes, merged }: CartMergeResult) => {
      // Nothing chosen before signing in (a fresh browser): nothing to tell (issue 32).
      if (!changes.length && merged === 0) return;
      if (!changes.length) {
        showToast({ id: CART_MERGED_TOAST, type: 'success', title: intl.formatMessage({ id: 'cart.merged.title' }) });
        return;
      }
      // Kept open: a list of changed lines takes longer to read than a toast lasts.
      showToast({
        id: CART_MERGED_TOAST,
        type: 'warning',
        autoClose: false,
        title: intl.formatMessage({ id: 'cart.merged.changedTitle' }),
        description: changes
          .map((c) => intl.formatMessage({ id: `cart.merged.${c.kind}` }, { name: c.name, requested: c.requested, kept: c.kept }))
          .join(' '),
      });
    };
    const failed = () => showToast({ id: CART_MERGED_TOAST, type: 'error', title: intl.formatMessage({ id: 'cart.merged.failed' }) });
    return watchCartMerge(told, failed);
  }, [intl]);
  return null;
}
