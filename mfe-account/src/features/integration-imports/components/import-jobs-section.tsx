// The staff Integration page's section on imports (issue 29): every client's recent bulk jobs with
// kind, client, status, counts and last committed line, and, for a job with refused lines, a
// button that shows them below the list.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffImportJob } from '@portal/shared/schemas/account';
import { Button, Stack, Text, Title } from '@portal/shared/ui';
import { useImportJobs } from '../api/imports';
import { ImportRefusals } from './import-refusals';
import { CELL, DataTable } from '../../../components/data-table';

const COLUMNS = ['kind', 'client', 'status', 'counts', 'lastLine', 'started', 'finished', 'action'] as const;

export function ImportJobsSection() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const jobs = useImportJobs();
  const [shown, setShown] = useState<StaffImportJob | null>(null);
  const list = jobs.data?.items ?? [];
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'short', timeStyle: 'short' }) : '');
  const kind = (j: StaffImportJob) => t(`account.integration.imports.kind.${j.kind}`);
  const refusalsLabel = (j: StaffImportJob) => t('account.integration.imports.showRefusals', { kind: kind(j), client: j.client_name, started: when(j.created_at) });

  const row = (j: StaffImportJob) => (
    <tr key={j.id}>
      <td style={CELL}>{kind(j)}</td>
      <td style={CELL}>{j.client_name}</td>
      <td style={CELL}>
        {t(`account.integration.imports.status.${j.status}`)}
        {j.error && <Text variant="subtext">{j.error}</Text>}
      </td>
      <td style={CELL}>
        <FormattedMessage id="account.integration.imports.countsValue" values={{ accepted: j.accepted, unchanged: j.unchanged, refused: j.refused }} />
      </td>
      <td style={CELL}>{j.last_committed_line}</td>
      <td style={CELL}>{when(j.created_at)}</td>
      <td style={CELL}>{when(j.finished_at)}</td>
      <td style={CELL}>
        {j.refused > 0 && (
          <Button
            size="xs"
            variant="default"
            aria-label={refusalsLabel(j)}
            aria-pressed={shown?.id === j.id}
            onClick={() => setShown(shown?.id === j.id ? null : j)}
          >
            <FormattedMessage id="account.integration.imports.refusalsButton" />
          </Button>
        )}
      </td>
    </tr>
  );

  return (
    <section aria-labelledby="import-jobs-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="import-jobs-title">
          <FormattedMessage id="account.integration.imports.title" />
        </Title>
        <Text>
          <FormattedMessage id="account.integration.imports.intro" />
        </Text>
        <DataTable
          id="import-jobs-caption"
          query={jobs}
          count={list.length}
          emptyId="account.integration.imports.empty"
          caption={<FormattedMessage id="account.integration.imports.caption" values={{ count: list.length }} />}
          headers={COLUMNS.map((c) => t(`account.integration.imports.column.${c}`))}
        >
          {list.map(row)}
        </DataTable>
        {shown && <ImportRefusals key={shown.id} jobId={shown.id} label={t('account.integration.imports.refusals.title', { kind: kind(shown), client: shown.client_name, started: when(shown.created_at) })} />}
      </Stack>
    </section>
  );
}
