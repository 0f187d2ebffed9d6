// At sign-in, the visitor's anonymous cart joins the account's cart (POST /v1/cart/merge): the store
// is watched for the visitor → user change, whose previous token set is the anonymous session's.
// Its access token may have expired while the visitor shopped: the anonymous refresh token buys a
// fresh one first. Skipped when the visitor's cart is known to be empty. The shop schemas load only
// here, on sign-in, not with every page.
import type { QueryClient } from '@tanstack/react-query';
import { portalApi, portalTokenClient } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { queryKeys } from '@portal/shared/query';
import { EXPIRY_MARGIN_MS, sessionStore, type SessionState } from '@portal/shared/session';
import type { CartMergeResult } from '@portal/shared/schemas/shop';
import { cartShopFor } from './cart-shop';

type Tokens = NonNullable<SessionState['tokens']>;

async function anonymousAccessToken(tokens: Tokens, now: number): Promise<string> {
  if (now < tokens.expires_at - EXPIRY_MARGIN_MS) return tokens.access_token;
  return (await portalTokenClient().refresh(tokens.refresh_token)).access_token;
}

/** Merges the anonymous cart of `visitor` into the signed-in caller's cart and caches the result. */
export async function mergeVisitorCart(queryClient: QueryClient, visitor: SessionState, user: SessionState): Promise<CartMergeResult> {
  const { CartMergeResultSchema } = await import('@portal/shared/schemas/shop');
  const anonymous_token = await anonymousAccessToken(visitor.tokens!, Date.now());
  const result = await portalApi({ shop: cartShopFor(user.claims, visitor.claims) }).post('/cart/merge', {
    body: { anonymous_token },
    schema: CartMergeResultSchema,
  });
  queryClient.setQueryData(queryKeys.cart.all, result.cart);
  bus.emit('cart:changed', { lineCount: result.cart.lines.length });
  return result;
}

/**
 * Watches the session: a visitor who signs in gets their cart merged (`onMerged` tells them what
 * changed); any other change of who is signed in reads the cart again. Returns the unsubscribe.
 */
export function watchCartMerge(queryClient: QueryClient, onMerged: (result: CartMergeResult) => void, onFailed: () => void): () => void {
  return sessionStore.subscribe((state, previous) => {
    if (state.claims?.sub === previous.claims?.sub) return;
    const visitorCart = queryClient.getQueryData<{ lines?: unknown[] }>(queryKeys.cart.all);
    const fromVisitor = previous.kind === 'anonymous' && previous.tokens !== null && state.kind === 'user';
    if (fromVisitor && visitorCart?.lines?.length !== 0) {
      mergeVisitorCart(queryClient, previous, state).then(onMerged, (error: unknown) => {
        console.warn('[cart] the anonymous cart could not be merged', error);
        void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
        onFailed();
      });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
  });
}
