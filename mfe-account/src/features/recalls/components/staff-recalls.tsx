// The staff's recalls (issue 42): every recall with who was told and answered and the units still
// out, a link to each one's follow-up, and the form to open one.
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, Stack, Title } from '@portal/shared/ui';
import { useStaffRecalls } from '../api/recalls';
import { CELL, DataTable } from '../../../components/data-table';
import { OpenRecallForm } from './open-recall-form';

const COLUMNS = ['account.recalls.col.recall', 'account.recalls.col.opened', 'account.recalls.col.told', 'account.recalls.col.answered', 'account.recalls.col.received', 'account.recalls.col.outstanding'];

export function StaffRecalls() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const locale = useLocale();
  const recalls = useStaffRecalls();
  const items = recalls.data?.items ?? [];
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="staff-recalls-title">
        <Title order={2} size="h3" id="staff-recalls-title">
          <FormattedMessage id="account.recalls.staff.title" />
        </Title>
        <DataTable id="staff-recalls-caption" query={recalls} count={items.length} emptyId="account.recalls.staff.empty" caption={t('account.recalls.staff.caption')} headers={COLUMNS.map(t)}>
          {items.map((r) => (
            <tr key={r.id}>
              <th scope="row" style={{ ...CELL, fontWeight: 'normal' }}>
                <Anchor component={Link} to={`/${locale}/user/recalls/${r.id}`}>
                  {r.reference ?? r.gtin}
                </Anchor>{' '}
                <FormattedMessage id={`account.recalls.kind.${r.kind}`} />
                {' · GTIN '}
                <code>{r.gtin}</code>
                {r.closed_at && (
                  <>
                    {' · '}
                    <FormattedMessage id="account.recalls.closedShort" />
                  </>
                )}
              </th>
              <td style={CELL}>{intl.formatDate(r.opened_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td style={CELL}>{r.organisations_told}</td>
              <td style={CELL}>{r.organisations_answered}</td>
              <td style={CELL}>{r.units_received}</td>
              <td style={CELL}>{r.units_outstanding}</td>
            </tr>
          ))}
        </DataTable>
      </Stack>
      <OpenRecallForm />
    </Stack>
  );
}
