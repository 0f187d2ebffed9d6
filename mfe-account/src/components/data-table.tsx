// One table of fetched rows as the account pages show them: the loading, error and empty states
// (StateRegion), a caption that names the table (and labels its scroll region), the column heads,
// and the rows the feature renders. The staff's integration sections and the administrators' lists
// had each written this scaffold out again; the operations page's figures use the table alone.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TableScroll, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';

/** A table cell's style on the account pages. */
export const CELL = { textAlign: 'start', padding: '0.5rem 0.75rem', borderBottom: '1px solid var(--mantine-color-default-border)', verticalAlign: 'top' } as const;

export interface DataTableProps {
  /** The caption's element id (unique on the page). */
  id: string;
  /** The query behind the rows (TanStack Query's status and refetch). */
  query: { status: 'pending' | 'error' | 'success'; refetch: () => unknown };
  /** How many rows there are (the empty state shows when none). */
  count: number;
  /** Message id of what an empty table says. */
  emptyId: string;
  /** The caption (it says what the table lists, usually with the count). */
  caption: ReactNode;
  /** The column heads, already translated. */
  headers: string[];
  skeletonRows?: number;
  /** The rows (`<tr>`s). */
  children: ReactNode;
}

export function DataTable({ id, query, count, emptyId, caption, headers, skeletonRows = 3, children }: DataTableProps) {
  const intl = useIntl();
  const t = (message: string) => intl.formatMessage({ id: message });
  return (
    <StateRegion
      status={query.status}
      isEmpty={count === 0}
      skeletonRows={skeletonRows}
      loadingLabel={t('account.loading')}
      errorTitle={t('account.error.load')}
      onRetry={() => void query.refetch()}
      retryLabel={t('account.retry')}
      empty={<Text>{t(emptyId)}</Text>}
    >
      <CaptionedTable id={id} caption={caption} headers={headers}>
        {children}
      </CaptionedTable>
    </StateRegion>
  );
}

/** The table itself: its caption (which names it and labels its scroll region), the column heads, the rows; as cards on a phone. */
export function CaptionedTable({ id, caption, headers, children }: Pick<DataTableProps, 'id' | 'caption' | 'headers' | 'children'>) {
  return (
    <TableScroll labelledBy={id} phoneCards>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption id={id} style={{ textAlign: 'start', paddingBlock: '0.5rem' }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" style={CELL}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
