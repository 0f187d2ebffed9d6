// Punchout mode (issue 34, decision 052): the cart goes back to the procurement system, which orders
// it, so the checkout's steps are not for this sign-in. The API refuses the order anyway (409
// PUNCHOUT_ORDER_IN_PROCUREMENT); this says so before the buyer fills anything in, and after a
// refusal, with the way back to the cart's "Transfer cart".
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { useLocale } from '@portal/shared/navigation';
import { usePunchoutSession } from '@portal/shared/session';
import { ButtonLink, Notice } from '@portal/shared/ui';

export function PunchoutNotice({ role = 'status' }: { role?: 'status' | 'alert' }) {
  const locale = useLocale();
  return (
    <Notice tone="blue" role={role} title={<FormattedMessage id="checkout.punchout.orderThere" />} testId="punchout-order-there">
      <ButtonLink component={Link} to={`/${locale}/checkout/overview`}>
        <FormattedMessage id="checkout.punchout.toCart" />
      </ButtonLink>
    </Notice>
  );
}

/**
 * The step's form, or the notice while the sign-in is a punchout session. The form is shown while
 * the session is being asked (most buyers are not punching out and must not wait for the answer);
 * it stays mounted unless the answer is a punchout session.
 */
export function PunchoutGate({ children }: { children: ReactNode }) {
  const punchout = usePunchoutSession();
  return punchout ? <PunchoutNotice /> : <>{children}</>;
}
