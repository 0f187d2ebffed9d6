// What the last scan came to, in the buyer's language, read out by screen readers as it changes.
import { useIntl } from 'react-intl';
import { formatCents } from '@portal/shared/schemas/shop';
import { LOCALE_TAGS } from '@portal/shared/i18n';
import { useLocale } from '@portal/shared/navigation';
import { Notice } from '@portal/shared/ui';
import type { ScanOutcome } from './scan-to-cart';


export function ScanOutcomeNotice({ outcome, failed }: { outcome: ScanOutcome | undefined; failed: boolean }) {
  const intl = useIntl();
  const tag = LOCALE_TAGS[useLocale()];
  const say = (id: string, values: Record<string, string> = {}) => intl.formatMessage({ id }, values);
  let tone: 'green' | 'red' | 'yellow' = 'yellow';
  let text: string | null = null;
  if (failed) {
    tone = 'red';
    text = say('scan.failed');
  } else if (outcome) {
    switch (outcome.kind) {
      case 'added':
        tone = 'green';
        text = say('scan.added', { name: outcome.product.name, price: formatCents(outcome.product.price?.excl_vat ?? 0, tag) });
        break;
      case 'recalled':
        tone = 'red';
        text = say('scan.recalled', { lot: outcome.lot, name: outcome.product.name, reference: outcome.reference });
        break;
      case 'not_within_contract':
        text = say('scan.notWithinContract', { name: outcome.product.name, gtin: outcome.gtin });
        break;
      case 'not_orderable':
        text = say('scan.notOrderable', { name: outcome.product.name, gtin: outcome.gtin });
        break;
      case 'unknown':
        text = say('scan.unknown', { gtin: outcome.gtin });
        break;
      case 'unreadable':
        // The parser's own text for its code (loaded with the scan texts), else the product-number advice.
        text = intl.messages[`gs1.error.${outcome.code}`] ? say(`gs1.error.${outcome.code}`, { ai: outcome.ai ?? '' }) : say('scan.noGtin');
        break;
    }
  }
  // Always in the page, so that a screen reader hears each outcome as it replaces the last.
  return (
    <div role="status" aria-live="polite" data-testid="scan-outcome" data-kind={failed ? 'failed' : (outcome?.kind ?? '')}>
      {text ? <Notice tone={tone} title={text} /> : null}
    </div>
  );
}
