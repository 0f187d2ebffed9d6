// At sign-in, the visitor's anonymous cart joins the account's cart (POST /v1/cart/merge): the store
// is watched for the visitor → user change, whose previous token set is the anonymous session's.
// Its access token may have expired while the visitor shopped: the anonymous refresh token buys a
// fresh one first. Skipped when the visitor's cart is known to be empty. The shop schemas and the
// query cache (decision 033: not part of the shell's start) load only here, on a change of who is
// signed in, not with every page.
import type { QueryClient } from '@tanstack/react-query';
import type { portalQueryClient, queryKeys } from '@portal/shared/query';
import { portalApi, portalTokenClient } from '@portal/shared/api';
import { bus } from '@portal/shared/bus';
import { EXPIRY_MARGIN_MS, sessionStore, type SessionState } from '@portal/shared/session';
import type { CartMergeResult } from '@portal/shared/schemas/shop';
import { cartShopFor } from './cart-shop';

type Tokens = NonNullable<SessionState['tokens']>;

/** What the merge needs of `@portal/shared/query`: the portal's client and the shared cart key. */
export interface QueryModule {
  portalQueryClient: typeof portalQueryClient;
  queryKeys: typeof queryKeys;
}

const loadQueryModule = (): Promise<QueryModule> => import('@portal/shared/query');

async function anonymousAccessToken(tokens: Tokens, now: number): Promise<string> {
  if (now < tokens.expires_at - EXPIRY_MARGIN_MS) return tokens.access_token;
  return (await portalTokenClient().refresh(tokens.refresh_token)).access_token;
}

/**
 * Merges the anonymous cart of `visitor` into the signed-in caller's cart and caches the result
 * (when the query cache could be loaded: the merge itself does not need it).
 */
export async function mergeVisitorCart(query: QueryModule | null, visitor: SessionState, user: SessionState): Promise<CartMergeResult> {
  const { CartMergeResultSchema } = await import('@portal/shared/schemas/shop');
  const anonymous_token = await anonymousAccessToken(visitor.tokens!, Date.now());
  const result = await portalApi({ shop: cartShopFor(user.claims, visitor.claims) }).post('/cart/merge', {
    body: { anonymous_token },
    schema: CartMergeResultSchema,
  });
  query?.portalQueryClient().setQueryData(query.queryKeys.cart.all, result.cart);
  bus.emit('cart:changed', { lineCount: result.cart.lines.length });
  return result;
}

const isFromVisitor = (state: SessionState, previous: SessionState) => previous.kind === 'anonymous' && previous.tokens !== null && state.kind === 'user';

/** `query` is null when the query cache could not be loaded: a visitor's cart is then merged unseen. */
function onSignInChange(query: QueryModule | null, state: SessionState, previous: SessionState, onMerged: (result: CartMergeResult) => void, onFailed: () => void): void {
  const cart: { client: QueryClient; key: readonly unknown[] } | null = query && { client: query.portalQueryClient(), key: query.queryKeys.cart.all };
  const readAgain = () => void cart?.client.invalidateQueries({ queryKey: cart.key });
  const visitorCart = cart?.client.getQueryData<{ lines?: unknown[] }>(cart.key);
  if (isFromVisitor(state, previous) && visitorCart?.lines?.length !== 0) {
    mergeVisitorCart(query, previous, state).then(onMerged, (error: unknown) => {
      console.warn('[cart] the anonymous cart could not be merged', error);
      readAgain();
      onFailed();
    });
    return;
  }
  readAgain();
}

/**
 * Watches the session: a visitor who signs in gets their cart merged (`onMerged` tells them what
 * changed); any other change of who is signed in reads the cart again. Returns the unsubscribe.
 */
export function watchCartMerge(onMerged: (result: CartMergeResult) => void, onFailed: () => void, loadQuery: () => Promise<QueryModule> = loadQueryModule): () => void {
  return sessionStore.subscribe((state, previous) => {
    if (state.claims?.sub === previous.claims?.sub) return;
    // Without a session before, no cart was read: nothing to merge or read again, and no reason to
    // download the query cache (a visitor's first session starts on every open page, decision 027).
    if (!previous.claims) return;
    loadQuery().then(
      (query) => onSignInChange(query, state, previous, onMerged, onFailed),
      (error: unknown) => {
        // The visitor's tokens are gone by now: merge anyway, or their cart is lost for good.
        console.warn('[cart] the query cache could not be loaded', error);
        onSignInChange(null, state, previous, onMerged, onFailed);
      },
    );
  });
}
