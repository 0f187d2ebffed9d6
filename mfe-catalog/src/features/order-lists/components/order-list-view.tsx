// One order list: who made it and whether it is shared, its management (author, administrators),
// its lines, and ordering it.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, Group, Stack, Text, Title } from '@portal/shared/ui';
import { StateRegion, ToneBadge } from '@portal/shared/ui/status';
import { useOrderList } from '../../../lib/order-lists-api';
import { OrderListLines } from './order-list-lines';
import { OrderListManage } from './order-list-manage';
import { OrderListOrder } from './order-list-order';

export function OrderListView({ id }: { id: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const list = useOrderList(id);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const data = list.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/${locale}/order-lists`}>
        <FormattedMessage id="catalog.lists.back" />
      </Anchor>
      <StateRegion
        status={list.status}
        isEmpty={false}
        loadingLabel={intl.formatMessage({ id: 'catalog.lists.loading' })}
        errorTitle={<FormattedMessage id="catalog.lists.error.notFound" />}
        onRetry={() => void list.refetch()}
        retryLabel={<FormattedMessage id="catalog.lists.retry" />}
      >
        {data ? (
          <Stack gap="md">
            <Group gap="sm">
              <Title order={2} data-testid="order-list-name">{data.name}</Title>
              {data.shared ? <ToneBadge tone="info"><FormattedMessage id="catalog.lists.shared" /></ToneBadge> : null}
            </Group>
            <Text variant="caption">
              {data.mine ? <FormattedMessage id="catalog.lists.madeByYou" /> : <FormattedMessage id="catalog.lists.madeBy" values={{ name: data.owner_name }} />}
            </Text>
            {data.can_manage ? <OrderListManage key={data.name} list={data} /> : null}
            <OrderListLines list={data} chosen={chosen} onChoose={setChosen} />
            <OrderListOrder list={data} chosen={chosen} />
          </Stack>
        ) : null}
      </StateRegion>
    </Stack>
  );
}
