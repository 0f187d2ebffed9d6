// The UDI export's choices (decision 070): the period, every device or only the implantable and
// class III ones (what MDR Art. 27(8) asks a hospital to keep), optionally one product, then the
// download as CSV or as GS1 element strings. Checked with the API's own schema before it is asked.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { UdiExportQuerySchema, type UdiExportQuery } from '@portal/shared/schemas/udi-export';
import { Button, Group, Notice, Stack } from '@portal/shared/ui';
import { Checkbox } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { downloadUdiExport } from '../api/download-udi-export';

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

export function UdiExportForm() {
  const intl = useIntl();
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  const [product, setProduct] = useState('');
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState<UdiExportQuery['format'] | null>(null);
  const [problem, setProblem] = useState<'invalid' | 'failed' | null>(null);

  const download = async (format: UdiExportQuery['format']) => {
    const parsed = v.safeParse(UdiExportQuerySchema, { from, to, format, devices: all ? 'all' : 'implantable_or_class_iii', ...(product.trim() ? { product: product.trim() } : {}) });
    if (!parsed.success) {
      setProblem('invalid');
      return;
    }
    setProblem(null);
    setBusy(format);
    try {
      await downloadUdiExport(parsed.output);
    } catch {
      setProblem('failed');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" component="form" aria-label={intl.formatMessage({ id: 'udiExport.form' })} onSubmit={(e) => e.preventDefault()}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Input label={<FormattedMessage id="udiExport.from" />} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.currentTarget.value)} />
        <Input label={<FormattedMessage id="udiExport.to" />} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} />
        <Input label={<FormattedMessage id="udiExport.product" />} value={product} onChange={(e) => setProduct(e.currentTarget.value)} />
      </Group>
      <Checkbox label={<FormattedMessage id="udiExport.allDevices" />} checked={all} onChange={(e) => setAll(e.currentTarget.checked)} />
      <Group gap="sm">
        <Button onClick={() => void download('csv')} loading={busy === 'csv'}>
          <FormattedMessage id="udiExport.csv" />
        </Button>
        <Button variant="outline" onClick={() => void download('gs1')} loading={busy === 'gs1'}>
          <FormattedMessage id="udiExport.gs1" />
        </Button>
      </Group>
      {problem ? (
        <Notice tone="red" role="alert">
          <FormattedMessage id={problem === 'invalid' ? 'udiExport.invalid' : 'udiExport.failed'} />
        </Notice>
      ) : null}
    </Stack>
  );
}
