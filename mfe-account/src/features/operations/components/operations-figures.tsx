// The figures the supplier's staff check first (issue 43, decision 081): a table of the key figures
// each with its value, its unit in words and its status, the orders hour by hour, and the work
// queues. The statuses come from the API (its thresholds are the alert rules'); here only words.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OperationsFigures } from '@portal/shared/schemas/account';
import { Stack, Text } from '@portal/shared/ui';
import { CaptionedTable, CELL } from '../../../components/data-table';
import { formatDuration } from './durations';
import { OperationsStatusBadge } from './status-badge';

type Values = Record<string, string | number>;

export function OperationsFiguresView({ figures }: { figures: OperationsFigures }) {
  const intl = useIntl();
  const t = (id: string, values?: Values) => intl.formatMessage({ id: `account.operations.${id}` }, values);
  const time = (iso: string) => intl.formatTime(iso, { timeStyle: 'short' });
  const dateTime = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const now = Date.parse(figures.generated_at);
  const { orders, requests, jobs, backup } = figures;

  const figureRow = (key: string, value: ReactNode, detail: ReactNode, status: OperationsFigures['orders']['status']) => (
    <tr key={key} data-figure={key}>
      <th scope="row" style={CELL}>
        {t(`figure.${key}`)}
      </th>
      <td style={CELL}>
        <Text>
          <strong data-figure-value>{value}</strong>
        </Text>
        {detail && <Text variant="subtext">{detail}</Text>}
      </td>
      <td style={CELL}>
        <OperationsStatusBadge status={status} />
      </td>
    </tr>
  );

  return (
    <Stack gap="xl">
      <CaptionedTable id="operations-figures" caption={t('figures.caption')} headers={[t('column.figure'), t('column.value'), t('column.status')]}>
        {figureRow(
          'orders',
          t('orders.value', { count: orders.placed }),
          <>
            {t('since', { time: time(orders.since) })}
            {orders.server_errors > 0 && <> · {t('orders.serverErrors', { count: orders.server_errors })}</>}
          </>,
          orders.status,
        )}
        {figureRow(
          'errors',
          intl.formatNumber(requests.error_ratio, { style: 'percent', maximumFractionDigits: 1 }),
          <>
            {t('errors.detail', { errors: requests.server_errors, total: requests.total })} · {t('window', { minutes: requests.window_seconds / 60, time: time(requests.since) })}
          </>,
          requests.status,
        )}
        {figureRow('deliveries', t('deliveries.value', { count: figures.failed_invoice_deliveries.count }), t('deliveries.detail'), figures.failed_invoice_deliveries.status)}
        {figureRow(
          'jobs',
          t('jobs.value', { count: jobs.failures }),
          <>
            {t('since', { time: time(jobs.since) })}
            {jobs.failing.length > 0 && <> · {jobs.failing.join(', ')}</>}
          </>,
          jobs.status,
        )}
        {backup &&
          figureRow(
            'backup',
            backup.last_success_at ? t('backup.ago', { age: formatDuration(intl, Math.max(0, (now - Date.parse(backup.last_success_at)) / 1000)) }) : t('backup.none'),
            backup.last_success_at ? dateTime(backup.last_success_at) : null,
            backup.status,
          )}
      </CaptionedTable>
      {!backup && <Text variant="subtext">{t('backup.notWatched')}</Text>}

      <CaptionedTable id="operations-queues" caption={t('queues.caption')} headers={[t('column.queue'), t('column.waiting'), t('column.oldest'), t('column.failed'), t('column.status')]}>
        {figures.queues.map((q) => (
          <tr key={q.queue} data-queue={q.queue}>
            <th scope="row" style={CELL}>
              {t(`queue.${q.queue}`)}
            </th>
            <td style={CELL}>{intl.formatNumber(q.depth)}</td>
            <td style={CELL}>{q.depth === 0 ? t('queues.noneWaiting') : formatDuration(intl, q.oldest_age_seconds)}</td>
            <td style={CELL}>{intl.formatNumber(q.failed)}</td>
            <td style={CELL}>
              <OperationsStatusBadge status={q.status} />
            </td>
          </tr>
        ))}
      </CaptionedTable>

      <CaptionedTable id="operations-hours" caption={t('hours.caption')} headers={[t('column.hour'), t('column.orders')]}>
        {orders.per_hour.map((hour) => (
          <tr key={hour.from}>
            <th scope="row" style={CELL}>
              <FormattedMessage id="account.operations.hours.range" values={{ from: time(hour.from), to: time(hour.to) }} />
            </th>
            <td style={CELL}>{intl.formatNumber(hour.placed)}</td>
          </tr>
        ))}
      </CaptionedTable>
    </Stack>
  );
}
