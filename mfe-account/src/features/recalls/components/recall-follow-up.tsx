// One recall followed by the staff (issue 42): each receiving organisation, whom it told, whether
// and what it answered, the units still out, its deliveries; and the export for the authority.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Stack, Text, Title } from '@portal/shared/ui';
import { downloadRecallCsv, useStaffRecall } from '../api/recalls';
import { FailedNotice } from '../../../lib/saved-notice';
import { DeliveriesTable } from './deliveries-table';
import { RecallFacts } from './recall-facts';

export function RecallFollowUp({ id }: { id: string }) {
  const intl = useIntl();
  const recall = useStaffRecall(id);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  if (recall.isError) {
    return (
      <FailedNotice>
        <FormattedMessage id="account.recalls.notFound" />
      </FailedNotice>
    );
  }
  if (!recall.data) return <Text>{intl.formatMessage({ id: 'account.loading' })}</Text>;
  const r = recall.data;
  const exportCsv = () => {
    setExporting('busy');
    downloadRecallCsv(r.id, r.reference ?? r.id).then(
      () => setExporting('idle'),
      () => setExporting('failed'),
    );
  };
  return (
    <Stack gap="lg">
      <RecallFacts recall={r} />
      <Text>
        <FormattedMessage id="account.recalls.figures" values={{ told: r.organisations_told, answered: r.organisations_answered, received: r.units_received, outstanding: r.units_outstanding }} />
      </Text>
      <div>
        <Button variant="outline" loading={exporting === 'busy'} onClick={exportCsv}>
          <FormattedMessage id="account.recalls.export" />
        </Button>
      </div>
      {exporting === 'failed' && (
        <FailedNotice>
          <FormattedMessage id="account.recalls.exportFailed" />
        </FailedNotice>
      )}
      {r.receivers.map((o, i) => (
        <Stack key={o.organisation_id ?? 'none'} gap="xs" component="section" aria-labelledby={`receiver-${i}`}>
          <Title order={2} size="h4" id={`receiver-${i}`}>
            {o.organisation_name || intl.formatMessage({ id: 'account.recalls.noOrganisation' })}
          </Title>
          <Text>
            <FormattedMessage id="account.recalls.told" values={{ people: o.told.join(', ') || '—' }} />
          </Text>
          <Text>
            {o.answered_at ? (
              <FormattedMessage
                id="account.recalls.answered"
                values={{ who: o.answered_by ?? '—', date: intl.formatDate(o.answered_at, { dateStyle: 'medium' }), onHand: o.units_on_hand, used: o.units_used, toReturn: o.units_to_return }}
              />
            ) : (
              <FormattedMessage id="account.recalls.notAnswered" />
            )}{' '}
            <FormattedMessage id="account.recalls.outstanding" values={{ received: o.units_received, outstanding: o.units_outstanding }} />
          </Text>
          <DeliveriesTable id={`receiver-${i}-deliveries`} deliveries={o.deliveries} />
        </Stack>
      ))}
    </Stack>
  );
}
