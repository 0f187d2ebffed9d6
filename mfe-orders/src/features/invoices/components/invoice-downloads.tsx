// The PDF and the e-invoice (UBL XML) of one invoice or credit note. Each button names the document
// for assistive technology, since a table row has one pair per invoice; a failed download says so.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { InvoiceKind } from '@portal/shared/schemas/orders';
import { Button, Group, Notice } from '@portal/shared/ui';
import { downloadInvoice, type InvoiceFormat } from '../api/download-invoice';

export function InvoiceDownloads({ invoice, size = 'xs' }: { invoice: { id: string; kind: InvoiceKind; number: string }; size?: 'xs' | 'sm' }) {
  const intl = useIntl();
  const [busy, setBusy] = useState<InvoiceFormat | null>(null);
  const [failed, setFailed] = useState(false);
  const download = async (format: InvoiceFormat) => {
    setBusy(format);
    setFailed(false);
    try {
      await downloadInvoice(invoice, format);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const label = (format: InvoiceFormat) =>
    intl.formatMessage({ id: format === 'pdf' ? 'invoices.download.pdfOf' : 'invoices.download.xmlOf' }, { kind: invoice.kind, number: invoice.number });
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {(['pdf', 'xml'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            size={size}
            onClick={() => void download(format)}
            loading={busy === format}
            aria-label={label(format)}
            data-testid={`invoice-download-${format}`}
          >
            <FormattedMessage id={format === 'pdf' ? 'invoices.download.pdf' : 'invoices.download.xml'} />
          </Button>
        ))}
      </Group>
      {failed ? (
        <Notice tone="red" role="alert" testId="invoice-download-failed">
          <FormattedMessage id="invoices.download.failed" />
        </Notice>
      ) : null}
    </>
  );
}
