// One recall followed by the staff (issue 42): each receiver (an organisation, or a web-shop
// customer), whom it told, whether and what it answered, the units still out, its deliveries; the
// export for the authority; and, while it is open, its correction and closing (decision 080).
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Group, Stack, Text, Title } from '@portal/shared/ui';
import { downloadRecallCsv, useStaffRecall } from '../api/recalls';
import { FailedNotice } from '../../../lib/saved-notice';
import { CloseRecallDialog } from './close-recall-dialog';
import { CorrectRecallDialog } from './correct-recall-dialog';
import { DeliveriesTable } from './deliveries-table';
import { RecallFacts } from './recall-facts';

export function RecallFollowUp({ id }: { id: string }) {
  const intl = useIntl();
  const recall = useStaffRecall(id);
  const [exporting, setExporting] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [dialog, setDialog] = useState<'none' | 'correct' | 'close'>('none');
  // Focus goes back to the button that opened the dialog (the dialog unmounts before Mantine could
  // return it); after a closing that button is gone, and the export takes it.
  const correctRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const exportRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<'correct' | 'close' | null>(null);
  useEffect(() => {
    if (dialog !== 'none') {
      opener.current = dialog;
      return;
    }
    if (!opener.current) return;
    ((opener.current === 'correct' ? correctRef : closeRef).current ?? exportRef.current)?.focus();
    opener.current = null;
  }, [dialog, recall.data?.closed_at]);
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
      {r.customers_told > 0 && (
        <Text>
          <FormattedMessage id="account.recalls.customerFigures" values={{ told: r.customers_told, answered: r.customers_answered }} />
        </Text>
      )}
      <Group>
        <Button ref={exportRef} variant="outline" loading={exporting === 'busy'} onClick={exportCsv}>
          <FormattedMessage id="account.recalls.export" />
        </Button>
        {!r.closed_at && (
          <>
            <Button ref={correctRef} variant="outline" onClick={() => setDialog('correct')}>
              <FormattedMessage id="account.recalls.correct.open" />
            </Button>
            <Button ref={closeRef} variant="destructive-outline" onClick={() => setDialog('close')}>
              <FormattedMessage id="account.recalls.close.open" />
            </Button>
          </>
        )}
      </Group>
      {/* Mounted while open only: each opening starts from the recall as it stands. */}
      {dialog === 'correct' && <CorrectRecallDialog recall={r} opened onClose={() => setDialog('none')} />}
      {dialog === 'close' && <CloseRecallDialog id={r.id} opened onClose={() => setDialog('none')} />}
      {exporting === 'failed' && (
        <FailedNotice>
          <FormattedMessage id="account.recalls.exportFailed" />
        </FailedNotice>
      )}
      {r.receivers.map((o, i) => {
        const name = o.organisation_name || (o.customer_name ? intl.formatMessage({ id: 'account.recalls.customer' }, { name: o.customer_name }) : intl.formatMessage({ id: 'account.recalls.noOrganisation' }));
        return (
        <Stack key={o.organisation_id ?? `customer-${i}`} gap="xs" component="section" aria-labelledby={`receiver-${i}`}>
          <Title order={2} size="h4" id={`receiver-${i}`}>
            {name}
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
          <DeliveriesTable id={`receiver-${i}-deliveries`} deliveries={o.deliveries} receiver={name} />
        </Stack>
        );
      })}
    </Stack>
  );
}
