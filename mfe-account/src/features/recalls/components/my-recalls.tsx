// The receiving organisation's recalls (issue 42): each notice with what it received and whether it answered.
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor } from '@portal/shared/ui';
import { myRecallPath } from '@portal/shared/schemas/account';
import { useMyRecalls } from '../api/recalls';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['account.recalls.col.recall', 'account.recalls.col.opened', 'account.recalls.col.received', 'account.recalls.col.answer'];

export function MyRecalls() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const locale = useLocale();
  const recalls = useMyRecalls();
  const items = recalls.data?.items ?? [];
  return (
    <DataTable id="my-recalls-caption" query={recalls} count={items.length} emptyId="account.recalls.mine.empty" caption={t('account.recalls.mine.caption')} headers={COLUMNS.map(t)}>
      {items.map((r) => (
        // One recall may reach a person twice, through their organisation and their own order (decision 086).
        <tr key={`${r.id}-${r.received_by}`}>
          <th scope="row" style={{ ...CELL, fontWeight: 'normal' }}>
            <Anchor component={Link} to={myRecallPath(locale, r)}>
              <FormattedMessage id={`account.recalls.kind.${r.kind}`} />
              {` · GTIN ${r.gtin}`}
            </Anchor>
          </th>
          <td style={CELL}>{intl.formatDate(r.opened_at, { dateStyle: 'medium' })}</td>
          <td style={CELL}>{r.units_received}</td>
          <td style={CELL}>{r.closed_at ? t('account.recalls.mine.closed') : r.answered_at ? t('account.recalls.mine.answered') : t('account.recalls.mine.open')}</td>
        </tr>
      ))}
    </DataTable>
  );
}
