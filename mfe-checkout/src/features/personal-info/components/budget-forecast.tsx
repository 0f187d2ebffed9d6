// What the chosen cost centre's budget will do with the order (issue 44.14), shown before the
// place-order button: nothing when it fits; over what is left, either it cannot be placed as it is
// (the organisation's rule "refuse") or it goes to approval (the rule "approval").
import { FormattedMessage } from 'react-intl';
import type { BudgetForecast } from '@portal/shared/schemas/checkout';
import { Notice } from '@portal/shared/ui';
import { useMoney } from '../../../lib/money';

export function BudgetForecastNotice({ forecast }: { /** The preview's verdict on the order; undefined: none yet. */ forecast: BudgetForecast | undefined }) {
  const money = useMoney();
  if (!forecast || forecast.outcome === 'fits') return null;
  const values = { name: `${forecast.cost_centre.code} — ${forecast.cost_centre.name}`, remaining: money(forecast.remaining_cents) };
  if (forecast.outcome === 'approval') {
    return <Notice tone="blue" title={<FormattedMessage id="checkout.budget.approvalRequired" values={values} />} role="status" testId="budget-forecast" />;
  }
  return (
    <Notice tone="red" title={<FormattedMessage id="checkout.budget.exceeded" values={values} />} role="status" testId="budget-forecast">
      <FormattedMessage id="checkout.budget.cannotPlace" />
    </Notice>
  );
}
