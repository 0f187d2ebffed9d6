// The buyer's cost centre (issue 33, decision 054): asked on the last checkout step when the
// organisation has cost centres, each with what is left of its budget this period; absent otherwise.
import { FormattedMessage, useIntl } from 'react-intl';
import type { CheckoutCostCentres } from '@portal/shared/schemas/checkout';
import { Stack, Notice } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { useMoney } from '../../../lib/money';

export function CostCentreChoice({
  choice,
  value,
  onChange,
  error,
}: {
  /** The buyer's cost centres and whether one is required. */
  choice: CheckoutCostCentres;
  /** The chosen cost centre's id ('' for none yet). */
  value: string;
  onChange: (id: string) => void;
  /** A translated message when the choice is missing or refused. */
  error?: string | undefined;
}) {
  const intl = useIntl();
  const money = useMoney();
  if (!choice.required) return null;
  if (!choice.cost_centres.length) {
    return <Notice tone="red" title={<FormattedMessage id="checkout.costCentre.none" />} role="alert" testId="no-cost-centre" />;
  }
  return (
    <Radio.Group name="cost_centre_id" label={<FormattedMessage id="checkout.costCentre.label" />} required value={value} onChange={onChange} error={error} data-testid="cost-centres">
      <Stack gap="xs" mt="xs">
        {choice.cost_centres.map((c) => (
          <Radio
            key={c.id}
            value={c.id}
            aria-invalid={error ? true : undefined}
            label={`${c.code} — ${c.name}`}
            description={intl.formatMessage({ id: 'checkout.costCentre.remaining' }, { amount: money(c.remaining_cents) })}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
