// One import job's refused lines (line number, stable code, message), a page at a time: what the
// staff read to tell the sender which lines to fix.
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Stack, TableScroll, Text, Title } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';
import { useRefusals } from '../api/imports';

const CELL = { textAlign: 'start', padding: '0.375rem 0.75rem', borderBottom: '1px solid var(--mantine-color-default-border)', verticalAlign: 'top' } as const;
const COLUMNS = ['line', 'code', 'message'] as const;

export function ImportRefusals({ jobId, label }: { jobId: string; label: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const refusals = useRefusals(jobId);
  const items = refusals.data?.pages.flatMap((p) => p.items) ?? [];
  const titleId = `import-refusals-${jobId}`;

  return (
    <section aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={3} size="h4" id={titleId}>
          {label}
        </Title>
        <StateRegion
          status={refusals.status}
          isEmpty={items.length === 0}
          skeletonRows={2}
          loadingLabel={t('account.loading')}
          errorTitle={t('account.error.load')}
          onRetry={() => void refusals.refetch()}
          retryLabel={t('account.retry')}
          empty={<Text>{t('account.integration.imports.refusals.empty')}</Text>}
        >
          <TableScroll labelledBy={`${titleId}-caption`}>
            <table style={{ width: '100%', borderCollapse: 'collapse' }}>
              <caption id={`${titleId}-caption`} style={{ textAlign: 'start', paddingBlock: '0.5rem' }}>
                <FormattedMessage id="account.integration.imports.refusals.caption" values={{ count: items.length }} />
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" style={CELL}>
                      {t(`account.integration.imports.refusals.column.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.line}>
                    <th scope="row" style={CELL}>
                      {r.line}
                    </th>
                    <td style={CELL}>
                      <code>{r.code}</code>
                    </td>
                    <td style={CELL}>{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {refusals.hasNextPage && (
            <Button variant="default" size="xs" loading={refusals.isFetchingNextPage} onClick={() => void refusals.fetchNextPage()}>
              <FormattedMessage id="account.integration.imports.refusals.more" />
            </Button>
          )}
        </StateRegion>
      </Stack>
    </section>
  );
}
