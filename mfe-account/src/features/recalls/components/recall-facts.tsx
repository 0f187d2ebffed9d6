// What a recall covers and why, in the reader's language: the GTIN, lots, serials, expiry range,
// reason and instructions; when it was last corrected, and whether it is closed, by whom and why.
import { FormattedMessage, useIntl } from 'react-intl';
import type { TrilingualText } from '@portal/shared/schemas/account';
import { useLocale } from '@portal/shared/navigation';
import { Stack, Text } from '@portal/shared/ui';

interface Covered {
  kind: 'recall' | 'field_safety_notice';
  gtin: string;
  lots: string[];
  serial_numbers: string[];
  expiry_from: string | null;
  expiry_to: string | null;
  reason: TrilingualText;
  instructions: TrilingualText;
  opened_at: string;
  corrected_at: string | null;
  closed_at: string | null;
  closed_by: string | null;
  closing_note: TrilingualText | null;
}

export function RecallFacts({ recall }: { recall: Covered }) {
  const intl = useIntl();
  const locale = useLocale();
  const lang = locale === 'nl' || locale === 'fr' ? locale : 'en';
  const day = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' }) : '…');
  return (
    <Stack gap="xs">
      {recall.closed_at && (
        <Text>
          <strong>
            <FormattedMessage id="account.recalls.closed" values={{ date: intl.formatDate(recall.closed_at, { dateStyle: 'medium' }), who: recall.closed_by ?? '—' }} />
          </strong>
          {recall.closing_note ? ` ${recall.closing_note[lang]}` : ''}
        </Text>
      )}
      <Text>
        <FormattedMessage id={`account.recalls.kind.${recall.kind}`} />{' · '}
        <FormattedMessage id="account.recalls.opened" values={{ date: intl.formatDate(recall.opened_at, { dateStyle: 'medium' }) }} />
        {recall.corrected_at && (
          <>
            {' · '}
            <FormattedMessage id="account.recalls.corrected" values={{ date: intl.formatDate(recall.corrected_at, { dateStyle: 'medium' }) }} />
          </>
        )}
      </Text>
      <Text>
        <FormattedMessage id="account.recalls.gtin" values={{ gtin: <code>{recall.gtin}</code> }} />
      </Text>
      {recall.lots.length > 0 && <Text><FormattedMessage id="account.recalls.lots" values={{ lots: recall.lots.join(', ') }} /></Text>}
      {recall.serial_numbers.length > 0 && <Text><FormattedMessage id="account.recalls.serials" values={{ count: recall.serial_numbers.length }} /></Text>}
      {(recall.expiry_from || recall.expiry_to) && (
        <Text>
          <FormattedMessage id="account.recalls.expiry" values={{ from: day(recall.expiry_from), to: day(recall.expiry_to) }} />
        </Text>
      )}
      <Text>
        <strong><FormattedMessage id="account.recalls.reason" /></strong> {recall.reason[lang]}
      </Text>
      <Text>
        <strong><FormattedMessage id="account.recalls.instructions" /></strong> {recall.instructions[lang]}
      </Text>
    </Stack>
  );
}
