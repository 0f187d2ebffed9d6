// Order the whole list or the chosen lines: they go in the cart (then the normal checkout); what could
// not go in (in full) is listed with why. The list itself is left as it is.
import { FormattedMessage } from 'react-intl';
import type { OrderListDetail } from '@portal/shared/schemas/shop';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, Button, Group, List, Notice, NOTICE_LINK, Stack } from '@portal/shared/ui';
import { useOrderOrderList } from '../../../lib/order-lists-api';
import { ListActionError } from '../../../components/list-action-error';

export function OrderListOrder({ list, chosen }: { list: OrderListDetail; chosen: Set<string> }) {
  const locale = useLocale();
  const order = useOrderOrderList(list.id);
  const result = order.data;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button onClick={() => order.mutate(undefined)} loading={order.isPending && !order.variables} disabled={!list.lines.length}>
          <FormattedMessage id="catalog.lists.orderAll" />
        </Button>
        <Button variant="outline" onClick={() => order.mutate([...chosen])} loading={order.isPending && !!order.variables} disabled={!chosen.size}>
          <FormattedMessage id="catalog.lists.orderChosen" values={{ count: chosen.size }} />
        </Button>
      </Group>
      <ListActionError error={order.error} />
      {result ? (
        <Notice tone={result.not_added.length ? 'violet' : 'green'} role="status" testId="order-list-result" title={<FormattedMessage id="catalog.lists.ordered" values={{ count: result.added.length }} />}>
          <Stack gap="xs">
            {result.not_added.length ? (
              <List size="sm">
                {result.not_added.map((n) => (
                  <List.Item key={n.product_id}>
                    <FormattedMessage id={`catalog.lists.notAdded.${n.reason}`} values={{ name: n.name, code: n.article_code, requested: n.requested, added: n.added }} />
                  </List.Item>
                ))}
              </List>
            ) : null}
            {result.added.length ? (
              <Anchor component={Link} to={`/${locale}/checkout/overview`} {...NOTICE_LINK}>
                <FormattedMessage id="catalog.cart.open" />
              </Anchor>
            ) : null}
          </Stack>
        </Notice>
      ) : null}
    </Stack>
  );
}
