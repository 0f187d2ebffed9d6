import { FormattedDate, FormattedMessage } from 'react-intl';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Text } from '@portal/shared/ui';
import { Timeline } from '@portal/shared/ui/data';

// Notes the API itself writes on a step (placement writes `placed`) are words of the portal, said in
// the reader's language; a note a person wrote is shown as written.
const SYSTEM_NOTES: Readonly<Record<string, string>> = {
  placed: 'orders.timeline.note.placed',
  // A warehouse's shipment (decision 050): the parcel itself is in the shipments section.
  shipped: 'orders.timeline.note.shipped',
  partly_shipped: 'orders.timeline.note.partlyShipped',
  // An order placed by an approver's approval (issue 33): the approver is the step's "by".
  approved: 'orders.timeline.note.approved',
};

/** The status history, oldest first: each step with when and who. */
export function OrderTimeline({ history }: { history: OrderDetail['history'] }) {
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} data-testid="order-timeline">
      {history.map((h, i) => (
        <Timeline.Item key={`${h.status}-${i}`} title={<FormattedMessage id={`status.order.${h.status}`} />}>
          <Text variant="subtext">
            <FormattedDate value={h.at} dateStyle="medium" timeStyle="short" />
            {h.by ? <> · <FormattedMessage id="orders.timeline.by" values={{ name: h.by }} /></> : null}
          </Text>
          {h.note ? <Text>{SYSTEM_NOTES[h.note] ? <FormattedMessage id={SYSTEM_NOTES[h.note]} /> : h.note}</Text> : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
