// Add to cart with the quantity limited by stock (spec section 5). A visitor of a public shop fills
// the cart of their anonymous session (merged into their account's at sign-in; ordering asks them to
// sign in). Without any session, or in the contract range, a visitor gets the login-required dialog
// (the shell renders it for `dialog:requested`); a confirmed add emits
// `cart:item-added` and shows a product toast with an action to open the cart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import * as v from 'valibot';
import { bus } from '@portal/shared/bus';
import { CART_ERRORS, CartSchema, quantityWithinStock, type CatalogProductSummary } from '@portal/shared/schemas/shop';
import { sessionStore, useSession, whenVisitorSessionSettled } from '@portal/shared/session';
import { Button, Group, showToast, Text } from '@portal/shared/ui';
import { NumberInput } from '@portal/shared/ui/number-input';
import { isApiError, portalApi, type ShopType } from '@portal/shared/api';
import { useLocale } from '@portal/shared/navigation';
import { queryKeys } from '@portal/shared/query';

export const LOGIN_REQUIRED_TRIGGER = 'catalog:login-required';

export interface AddToCartProps {
  product: Pick<CatalogProductSummary, 'id' | 'name' | 'orderable' | 'max_quantity'>;
  shop: ShopType;
  /** Compact control on product cards. */
  compact?: boolean;
  /** The quantity, when the page keeps it (the product page's "Add to a list" takes the same); else the control keeps its own. */
  quantity?: number | string;
  onQuantityChange?: (quantity: number | string) => void;
}

type Problem = { message: string; count?: number };

/** The message of a 409 from the cart API, with its count. */
function problemOf(error: unknown): Problem {
  if (isApiError(error) && error.problem?.errors?.[0]) {
    const first = error.problem.errors[0];
    return { message: first.message, count: typeof first.values?.count === 'number' ? first.values.count : undefined };
  }
  if (isApiError(error) && error.code === CART_ERRORS.NOT_ORDERABLE) return { message: 'catalog.cart.notOrderable' };
  return { message: 'catalog.cart.failed' };
}

export function AddToCart({ product, shop, compact, quantity: controlled, onQuantityChange }: AddToCartProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const mayAdd = useSession((s) => s.isSignedIn || (s.hasSession && shop !== 'portal'));
  const [own, setOwn] = useState<number | string>(1);
  const quantity = controlled ?? own;
  const setQuantity = (value: number | string) => {
    setOwn(value);
    onQuantityChange?.(value);
  };
  const [problem, setProblem] = useState<Problem | null>(null);
  // Typed past the stock: the field shows the maximum and says so (issue 32: it silently kept 1).
  const [capped, setCapped] = useState(false);
  const [awaitingSession, setAwaitingSession] = useState(false);
  const fieldId = `qty-${product.id}`;

  const mutation = useMutation({
    mutationFn: (qty: number) => portalApi({ shop }).post('/cart/items', { body: { product_id: product.id, quantity: qty }, schema: CartSchema }),
    onSuccess: (_cart, qty) => {
      setProblem(null);
      bus.emit('cart:item-added', { productId: product.id, quantity: qty });
      void queryClient.invalidateQueries({ queryKey: queryKeys.cart.all });
      showToast({
        type: 'success',
        title: intl.formatMessage({ id: 'catalog.cart.added' }),
        description: `${qty} × ${product.name}`,
        action: { label: intl.formatMessage({ id: 'catalog.cart.open' }), onClick: () => navigate(`/${locale}/checkout/overview`) },
      });
    },
    onError: (error) => setProblem(problemOf(error)),
  });

  if (!product.orderable) return null;

  const submit = async () => {
    // A visitor who adds before the shell's deferred anonymous grant has settled waits for it
    // (decision 027), then is judged by the session it brought.
    if (!mayAdd && sessionStore.getState().visitorSessionPending) {
      setAwaitingSession(true);
      await whenVisitorSessionSettled();
      setAwaitingSession(false);
    }
    const session = sessionStore.getState();
    if (!(session.isSignedIn || (session.hasSession && shop !== 'portal'))) {
      bus.emit('dialog:requested', { triggerId: LOGIN_REQUIRED_TRIGGER, dialog: 'login-required' });
      setProblem({ message: 'catalog.cart.loginRequired' });
      return;
    }
    const parsed = v.safeParse(quantityWithinStock(product.max_quantity), typeof quantity === 'number' ? quantity : Number(quantity));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const count = typeof (issue as { requirement?: unknown }).requirement === 'number' ? ((issue as { requirement: number }).requirement) : undefined;
      setProblem({ message: issue.message, count });
      return;
    }
    mutation.mutate(parsed.output);
  };

  const maximum = Math.min(product.max_quantity, 9999);
  const atMaximum = Number(quantity) >= maximum;
  const shown = problem ?? (capped ? { message: 'quantity.maximumAllowed', count: maximum } : null);
  const errorText = shown ? intl.formatMessage({ id: shown.message }, { count: shown.count ?? product.max_quantity }) : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={intl.formatMessage({ id: 'catalog.cart.formLabel' }, { name: product.name })}
    >
      {/* Wraps rather than clips: "Ajouter au panier" does not fit beside the field in a narrow card. */}
      <Group align="flex-start" gap="xs" wrap="wrap">
        <NumberInput
          id={fieldId}
          label={compact ? undefined : intl.formatMessage({ id: 'catalog.cart.quantity' })}
          aria-label={compact ? intl.formatMessage({ id: 'catalog.cart.quantityOf' }, { name: product.name }) : undefined}
          min={1}
          // Capped at what can be ordered (spec section 5): the stepper stops there and says so.
          max={maximum}
          clampBehavior="none"
          allowDecimal={false}
          value={quantity}
          // A keystroke past the maximum is not taken: the field shows the maximum instead.
          isAllowed={({ floatValue }) => {
            if (floatValue === undefined || floatValue <= maximum) return true;
            setQuantity(maximum);
            setCapped(true);
            setProblem(null);
            return false;
          }}
          onChange={(value) => {
            setQuantity(value);
            setCapped(false);
            setProblem(null);
          }}
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? `${fieldId}-problem` : undefined}
          w={compact ? 90 : 120}
        />
        <Button type="submit" loading={mutation.isPending || awaitingSession} size={compact ? 'sm' : 'default'} style={compact ? undefined : { marginTop: 24 }}>
          <FormattedMessage id="catalog.cart.add" />
        </Button>
      </Group>
      <div role="alert" id={`${fieldId}-problem`}>
        {errorText ? <Text color="#b71c1c">{errorText}</Text> : null}
      </div>
      <div role="status" data-testid="quantity-maximum">
        {atMaximum && !errorText ? (
          <Text variant="caption">
            <FormattedMessage id="quantity.maximumReached" />
          </Text>
        ) : null}
      </div>
      {product.max_quantity < 9999 && !compact && !errorText ? (
        <Text variant="caption">
          <FormattedMessage id="quantity.maximumAllowed" values={{ count: product.max_quantity }} />
        </Text>
      ) : null}
    </form>
  );
}
