import { FormattedMessage } from 'react-intl';
import type { OrderDetail } from '@portal/shared/schemas/orders';
import { Button, List, Notice, Stack } from '@portal/shared/ui';
import { useOrderAgain } from '../api/order-again';
import { ActionError } from '../../../components/error-message';
import { Money } from '../../../components/money';

/** Puts every line in the cart again and says what changed since. */
export function OrderAgainButton({ order }: { order: OrderDetail }) {
  const again = useOrderAgain();
  const result = again.data;
  return (
    <Stack gap="sm">
      <Button variant="outline" onClick={() => again.mutate(order)} loading={again.isPending} style={{ alignSelf: 'flex-start' }}>
        <FormattedMessage id="orders.again.button" />
      </Button>
      <ActionError error={again.error} />
      {result ? (
        <Notice tone={result.notes.length ? 'yellow' : 'green'} role="status" testId="order-again-result" title={<FormattedMessage id="orders.again.added" values={{ count: result.added }} />}>
          {result.notes.length ? (
            <List size="sm">
              {result.notes.map((n) => (
                <List.Item key={`${n.kind}-${n.article_code}`}>
                  {n.kind === 'price_changed' ? (
                    <FormattedMessage id="orders.again.priceChanged" values={{ code: n.article_code, name: n.description, before: <Money cents={n.before} />, now: <Money cents={n.now} /> }} />
                  ) : n.kind === 'short_of_stock' ? (
                    <FormattedMessage id="orders.again.shortOfStock" values={{ code: n.article_code, name: n.description, requested: n.requested, added: n.added }} />
                  ) : (
                    <FormattedMessage id="orders.again.notWithinContract" values={{ code: n.article_code, name: n.description }} />
                  )}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Notice>
      ) : null}
    </Stack>
  );
}
