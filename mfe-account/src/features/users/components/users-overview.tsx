// The organisation's users with search, role and status filters.
import { useDeferredValue, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCOUNT_ERRORS, MANAGED_USER_STATUSES, MEMBERSHIP_ROLES } from '@portal/shared/schemas';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, ButtonLink, Group, Stack, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { Input, NativeSelect } from '@portal/shared/ui/forms';
import { StateRegion } from '@portal/shared/ui/status';
import { failureOf } from '../../../lib/failure';
import { useUsers, type UsersFilter } from '../api/users';
import { AdminsOnly } from './admins-only';
import { UserStatusBadge } from './user-status-badge';

export function UsersOverview() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id });
  const [filter, setFilter] = useState<UsersFilter>({ search: '', role: '', status: '' });
  const deferred = useDeferredValue(filter);
  const users = useUsers(deferred);
  if (users.isError && failureOf(users.error).code === ACCOUNT_ERRORS.ADMINS_ONLY) return <AdminsOnly />;
  const list = users.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <ButtonLink component={Link} to={`/${locale}/user/users/new`}>
          <FormattedMessage id="account.users.invite" />
        </ButtonLink>
      </Group>
      <Group align="flex-end" role="search" aria-label={t('account.users.filters')}>
        <Input type="search" label={<FormattedMessage id="account.users.search" />} value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.currentTarget.value })} />
        <NativeSelect
          label={<FormattedMessage id="account.users.role" />}
          value={filter.role}
          onChange={(e) => setFilter({ ...filter, role: e.currentTarget.value as UsersFilter['role'] })}
          data={[{ value: '', label: t('account.users.all') }, ...MEMBERSHIP_ROLES.map((r) => ({ value: r, label: t(`account.role.${r}`) }))]}
        />
        <NativeSelect
          label={<FormattedMessage id="account.users.status" />}
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.currentTarget.value as UsersFilter['status'] })}
          data={[{ value: '', label: t('account.users.all') }, ...MANAGED_USER_STATUSES.map((s) => ({ value: s, label: t(`account.users.status.${s}`) }))]}
        />
      </Group>
      <StateRegion
        status={users.status}
        isEmpty={list.length === 0}
        skeletonRows={3}
        loadingLabel={t('account.loading')}
        errorTitle={t('account.error.load')}
        onRetry={() => void users.refetch()}
        retryLabel={t('account.retry')}
        empty={<Text>{t('account.users.empty')}</Text>}
      >
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Caption>
              <FormattedMessage id="account.users.caption" values={{ count: list.length }} />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('account.users.name')}</Table.Th>
                <Table.Th scope="col">{t('account.field.email')}</Table.Th>
                <Table.Th scope="col">{t('account.users.role')}</Table.Th>
                <Table.Th scope="col">{t('account.users.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/${locale}/user/users/${u.id}`}>
                      {u.first_name} {u.last_name}
                    </Anchor>
                    {u.function && <Text variant="subtext">{u.function}</Text>}
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{t(`account.role.${u.role}`)}</Table.Td>
                  <Table.Td>
                    <UserStatusBadge status={u.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </StateRegion>
    </Stack>
  );
}
