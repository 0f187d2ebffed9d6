// The cart page's body: the lines, the totals following the VAT toggle, the "Free from" label and
// the way on. A visitor sees their anonymous cart; going on asks them to sign in first (the shell's
// login-required dialog, as the catalog asks for it).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from '@portal/shared/router';
import { bus } from '@portal/shared/bus';
import { useLocale } from '@portal/shared/navigation';
import { transferPunchoutCart, usePunchoutSession, useSession } from '@portal/shared/session';
import { Anchor, Button, Group, Notice, Stack, Text, isDialogActive } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { TotalsTable } from '../../../components/totals-table';
import { VatToggle } from '@portal/shared/ui/choice';
import { startCheckoutFor } from '../../../lib/checkout-draft';
import { useCheckoutShop } from '../../../lib/checkout-shop';
import { useVatPreference } from '@portal/shared/preferences';
import { useCart } from '../api/get-cart';
import { hasLineProblems } from '../../../lib/line-problem';
import { CartLines } from './cart-lines';
import { FreeShipping } from './free-shipping';
import { LazyCartScan } from '../scan/lazy-cart-scan';

export const LOGIN_REQUIRED_TRIGGER = 'checkout:login-required';

export function CartView() {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const shop = useCheckoutShop();
  const hasSession = useSession((s) => s.hasSession);
  const signedIn = useSession((s) => s.isSignedIn);
  const cart = useCart(shop, hasSession);
  const [inclVat, setInclVat] = useVatPreference();
  // Punchout mode (issue 34): the cart goes back to the procurement system instead of to checkout.
  const punchout = usePunchoutSession();
  const [transfer, setTransfer] = useState<'idle' | 'busy' | 'failed'>('idle');
  const transferCart = () => {
    if (blocked || transfer === 'busy') return;
    setTransfer('busy');
    transferPunchoutCart().catch(() => setTransfer('failed'));
  };

  // A line that cannot be ordered as it is stops the buyer here, not at "Place order" (issue 32).
  const blocked = cart.data ? hasLineProblems(cart.data.lines) : false;

  const proceed = () => {
    if (blocked) return;
    if (!signedIn) {
      if (!isDialogActive(LOGIN_REQUIRED_TRIGGER)) bus.emit('dialog:requested', { triggerId: LOGIN_REQUIRED_TRIGGER, dialog: 'login-required' });
      return;
    }
    // Ordering the cart: a quotation this tab was ordering earlier is no longer what is ordered.
    startCheckoutFor(null);
    navigate(`/${locale}/checkout/extra-info`);
  };

  const empty = (
    <Stack gap="xs" align="flex-start" data-testid="cart-empty">
      <Text>
        <FormattedMessage id="checkout.cart.empty" />
      </Text>
      <Anchor component={Link} to={`/${locale}/${signedIn && shop === 'portal' ? 'my-products' : 'products'}`}>
        <FormattedMessage id="checkout.cart.browse" />
      </Anchor>
    </Stack>
  );

  // A contract buyer scans into the cart (decision 082): the lookup is in their contract's range.
  const scan = signedIn && shop === 'portal' ? <LazyCartScan /> : null;

  return (
    <Stack gap="xl">
      <StateRegion
        status={hasSession ? cart.status : 'success'}
        isEmpty={!hasSession || (cart.data?.lines.length ?? 0) === 0}
        loadingLabel={intl.formatMessage({ id: 'checkout.cart.loading' })}
        skeletonRows={3}
        errorTitle={<FormattedMessage id="checkout.cart.failed" />}
        onRetry={() => void cart.refetch()}
        retryLabel={<FormattedMessage id="checkout.retry" />}
        empty={empty}
      >
        {cart.data ? (
          <Stack gap="lg">
            <VatToggle inclVat={inclVat} onChange={setInclVat} label={intl.formatMessage({ id: 'checkout.vat.toggle' })} />
            <CartLines cart={cart.data} shop={shop} inclVat={inclVat} />
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <FreeShipping cart={cart.data} />
              <TotalsTable excl_vat={cart.data.total.excl_vat} incl_vat={cart.data.total.incl_vat} inclVat={inclVat} shop={shop} />
            </Group>
            {blocked ? (
              <Notice tone="red" role="alert" icon="alertCircle" title={<FormattedMessage id="checkout.cart.problems.title" />} testId="cart-problems">
                <FormattedMessage id="checkout.cart.problems.body" />
              </Notice>
            ) : null}
            {punchout ? (
              <Stack gap="xs" align="flex-end">
                {transfer === 'failed' ? (
                  <Notice tone="red" role="alert" icon="alertCircle" title={<FormattedMessage id="checkout.punchout.failed" />} testId="punchout-transfer-failed" />
                ) : null}
                <Text variant="subtext" align="right">
                  <FormattedMessage id="checkout.punchout.hint" values={{ host: punchout.return_host }} />
                </Text>
                <Button onClick={transferCart} size="lg" disabled={blocked} loading={transfer === 'busy'}>
                  <FormattedMessage id="checkout.punchout.transfer" />
                </Button>
              </Stack>
            ) : (
              <Group justify="flex-end">
                <Button onClick={proceed} size="lg" disabled={blocked}>
                  <FormattedMessage id="checkout.cart.proceed" />
                </Button>
              </Group>
            )}
            {!signedIn ? (
              <Text variant="subtext" align="right">
                <FormattedMessage id="checkout.cart.signInToOrder" />
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </StateRegion>
      {scan}
    </Stack>
  );
}
