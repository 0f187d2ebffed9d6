import { FormattedMessage } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { ButtonLink, Group, PageIntro } from '@portal/shared/ui';
import { useAudience, useSession } from '@portal/shared/session';
import { usePendingApprovalCount } from '../features/approvals/api/approvals';
import { OrdersWorkspace } from '../features/my-orders/components/orders-workspace';

/** What the page says it is for, by who opens it (issue 32): the reader's own scope of orders. */
const INTRO = { contract: 'orders.myOrders.intro', webshop: 'orders.myOrders.intro.webshop', staff: 'orders.myOrders.intro.staff', visitor: 'orders.myOrders.intro' } as const;

/** Search your organisation's orders, order again and confirm delivery (staff: assigned organisations'). */
export default function MyOrdersPage() {
  const audience = useAudience();
  const locale = useLocale();
  // An approver sees how many orders wait for their decision on the link to the queue.
  const role = useSession((s) => s.claims?.role);
  const approver = audience === 'contract' && (role === 'approver' || role === 'admin');
  const waiting = usePendingApprovalCount(approver).data?.count ?? 0;
  return (
    <>
      <PageIntro titleId="title.my_orders" introId={INTRO[audience]} />
      {/* The invoices of these orders are one step away (issue 30). */}
      <Group mb="md">
        <ButtonLink component={Link} to={`/${locale}/invoices`} variant="outline" size="sm">
          <FormattedMessage id="orders.myOrders.invoices" />
        </ButtonLink>
        {/* An organisation's orders that wait for approval (issue 33): the buyer's own, the approvers' queue. */}
        {audience === 'contract' ? (
          <ButtonLink component={Link} to={`/${locale}/my-orders/approvals`} variant="outline" size="sm" data-testid="approvals-link">
            {waiting > 0 ? <FormattedMessage id="approvals.linkWithCount" values={{ count: waiting }} /> : <FormattedMessage id="approvals.link" />}
          </ButtonLink>
        ) : null}
        {/* The UDIs of the devices received (decision 070): a hospital's record under MDR Art. 27(8). */}
        {audience === 'contract' ? (
          <ButtonLink component={Link} to={`/${locale}/my-orders/udi-export`} variant="outline" size="sm" data-testid="udi-export-link">
            <FormattedMessage id="udiExport.link" />
          </ButtonLink>
        ) : null}
      </Group>
      <OrdersWorkspace />
    </>
  );
}
