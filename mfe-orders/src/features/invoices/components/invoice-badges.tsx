// An invoice's payment status and its e-invoice delivery status, in words and colour, drawn like
// the design system's status badges (dark tones that keep white text above AA; never cut off).
import { FormattedMessage } from 'react-intl';
import type { InvoiceDeliveryStatus, InvoiceStatus } from '@portal/shared/schemas/orders';
import { ToneBadge, type StatusTone } from '@portal/shared/ui/status';

// Overdue is the one the reader must act on: the alarming tone. A new status in the schema fails
// the typecheck here until it has a tone.
const STATUS_TONES: Readonly<Record<InvoiceStatus, StatusTone>> = { open: 'info', overdue: 'negative', paid: 'positive', credited: 'neutral' };
const DELIVERY_TONES: Readonly<Record<InvoiceDeliveryStatus, StatusTone>> = { queued: 'neutral', sent: 'info', delivered: 'positive', failed: 'negative' };

/** Open, overdue, paid or credited. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <ToneBadge tone={STATUS_TONES[status]} data-invoice-status={status}>
      <FormattedMessage id={`invoices.status.${status}`} />
    </ToneBadge>
  );
}

/** Where the e-invoice is on its way to the buyer (staff only). */
export function DeliveryStatusBadge({ status }: { status: InvoiceDeliveryStatus }) {
  return (
    <ToneBadge tone={DELIVERY_TONES[status]} variant="outline" data-delivery-status={status}>
      <FormattedMessage id={`invoices.delivery.${status}`} />
    </ToneBadge>
  );
}
