// The case manager's answer to a sent quotation: a price per line (euro, excl. VAT) and a validity date.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quotation } from '@portal/shared/schemas/orders';
import { Button, Stack } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { NumberInput } from '@portal/shared/ui/number-input';
import { ActionError } from '../../../components/error-message';
import { useQuotationStep } from '../api/quotation-step';

export function QuotationAnswerForm({ quotation }: { quotation: Quotation }) {
  const intl = useIntl();
  const step = useQuotationStep(quotation.id);
  const [prices, setPrices] = useState<Record<string, number | ''>>({});
  const [validUntil, setValidUntil] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = quotation.lines.map((l) => ({ product_id: l.product_id, price: prices[l.product_id] }));
    if (!validUntil || lines.some((l) => l.price === '' || l.price === undefined)) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    step.mutate({ action: 'answer', answer: { valid_until: validUntil, lines: lines.map((l) => ({ product_id: l.product_id, unit_price_excl_vat: Math.round(Number(l.price) * 100) })) } });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'quotations.answer.title' })} data-testid="quotation-answer">
      <Stack gap="sm">
        {quotation.lines.map((l) => (
          <NumberInput
            key={l.product_id}
            label={intl.formatMessage({ id: 'quotations.answer.price' }, { code: l.article_code, name: l.name, quantity: l.quantity })}
            min={0}
            decimalScale={2}
            value={prices[l.product_id] ?? ''}
            onChange={(v) => setPrices((all) => ({ ...all, [l.product_id]: v === '' ? '' : Number(v) }))}
            error={incomplete && (prices[l.product_id] ?? '') === '' ? <FormattedMessage id="validation.required" /> : undefined}
          />
        ))}
        <Input label={<FormattedMessage id="quotations.answer.validUntil" />} type="date" value={validUntil} onChange={(e) => setValidUntil(e.currentTarget.value)} error={incomplete && !validUntil ? <FormattedMessage id="validation.required" /> : undefined} />
        <ActionError error={step.error} />
        <Button type="submit" loading={step.isPending} style={{ alignSelf: 'flex-start' }}><FormattedMessage id="quotations.answer.submit" /></Button>
      </Stack>
    </form>
  );
}
