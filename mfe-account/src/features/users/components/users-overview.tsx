// The organisation's users with search, role and status filters.
import { useDeferredValue, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCOUNT_ERRORS, MANAGED_USER_STATUSES, MEMBERSHIP_ROLES } from '@portal/shared/schemas/account';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, ButtonLink, Group, Stack, TableScroll, Text } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { StateRegion } from '@portal/shared/ui/status';
import { failureOf } from '../../../lib/failure';
import { useUsers, type UsersFilter } from '../api/users';
import { AdminsOnly } from '../../../lib/admins-only';
import { UserStatusBadge } from './user-status-badge';

const CELL = { textAlign: 'start', padding: '0.5rem 0.75rem', borderBottom: '1px solid var(--mantine-color-default-border)' } as const;

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
        {/* Who approves what (issue 33): the approval rules are the administrators' too. */}
        <ButtonLink component={Link} to={`/${locale}/user/approval-rules`} variant="outline" data-testid="approval-rules-link">
          <FormattedMessage id="account.approvalRules.link" />
        </ButtonLink>
        {/* Which buyers may order against which cost centre is set there (issue 33). */}
        <ButtonLink component={Link} to={`/${locale}/user/cost-centres`} variant="outline">
          <FormattedMessage id="account.budgets.link" />
        </ButtonLink>
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
        {/* A plain table: the design system's data entry (~16 KB gzip) is not worth one list here. */}
        <TableScroll labelledBy="users-caption" phoneCards>
          <table className="account-users-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
            <caption id="users-caption" style={{ textAlign: 'start', paddingBlock: '0.5rem' }}>
              <FormattedMessage id="account.users.caption" values={{ count: list.length }} />
            </caption>
            <thead>
              <tr>
                {['account.users.name', 'account.field.email', 'account.users.role', 'account.users.status'].map((id) => (
                  <th key={id} scope="col" style={CELL}>
                    {t(id)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((u) => (
                <tr key={u.id}>
                  <td style={CELL}>
                    <Anchor component={Link} to={`/${locale}/user/users/${u.id}`}>
                      {u.first_name} {u.last_name}
                    </Anchor>
                    {u.function && <Text variant="subtext">{u.function}</Text>}
                  </td>
                  <td style={CELL}>{u.email}</td>
                  <td style={CELL}>{t(`account.role.${u.role}`)}</td>
                  <td style={CELL}>
                    <UserStatusBadge status={u.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </StateRegion>
    </Stack>
  );
}
