import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from '@portal/shared/router';
import { PageIntro, Stack, Text } from '@portal/shared/ui';
import { useMyRecall } from '../features/recalls/api/recalls';
import { AnswerForm } from '../features/recalls/components/answer-form';
import { DeliveriesTable } from '../features/recalls/components/deliveries-table';
import { RecallFacts } from '../features/recalls/components/recall-facts';
import { RecallFollowUp } from '../features/recalls/components/recall-follow-up';
import { useIsStaff } from '../features/recalls/components/use-is-staff';
import { FailedNotice } from '../lib/saved-notice';

/** One recall: the staff's follow-up, or the organisation's notice with its answer (issue 42, decision 074). */
export default function RecallPage() {
  const { id = '' } = useParams();
  const staff = useIsStaff();
  return (
    <>
      <PageIntro titleId="title.recall" introId={staff ? 'account.recalls.followUp.intro' : 'account.recalls.notice.intro'} />
      {staff ? <RecallFollowUp id={id} /> : <Notice id={id} />}
    </>
  );
}

function Notice({ id }: { id: string }) {
  const intl = useIntl();
  // `?received_by=customer`: the person's own notice where the recall also reached their organisation (decision 086).
  const [search] = useSearchParams();
  const receivedBy = search.get('received_by') === 'customer' ? 'customer' : undefined;
  const recall = useMyRecall(id, receivedBy);
  if (recall.isError) {
    return (
      <FailedNotice>
        <FormattedMessage id="account.recalls.notFound" />
      </FailedNotice>
    );
  }
  if (!recall.data) return <Text><FormattedMessage id="account.loading" /></Text>;
  return (
    <Stack gap="lg">
      <RecallFacts recall={recall.data} />
      <Text>
        <FormattedMessage id="account.recalls.received" values={{ count: recall.data.units_received }} />
      </Text>
      {/* The answer given stays said: once the recall is closed the form is gone and this is its only trace. */}
      {recall.data.answered_at && (
        <Text>
          <FormattedMessage
            id="account.recalls.answerSent"
            values={{ date: intl.formatDate(recall.data.answered_at, { dateStyle: 'medium' }), onHand: recall.data.units_on_hand, used: recall.data.units_used, toReturn: recall.data.units_to_return }}
          />
        </Text>
      )}
      <DeliveriesTable id="recall-deliveries" deliveries={recall.data.deliveries} />
      {/* A closed recall takes no answer (decision 080): what was answered stays said above. */}
      {!recall.data.closed_at && <AnswerForm recall={recall.data} receivedBy={receivedBy} />}
    </Stack>
  );
}
