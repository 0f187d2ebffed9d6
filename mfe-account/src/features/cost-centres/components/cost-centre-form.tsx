// Create or change a cost centre: its code and name, its budget per period (typed in euros, sent in
// cents), whether it is active, and the buyers who may order against it. The focus moves to the
// form when it opens (the caller's heading) and the outcome is announced.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { API_ERRORS, BUDGET_ERRORS, BUDGET_PERIODS, CostCentreInputSchema, MESSAGE_KEYS, type CostCentre, type ManagedUser } from '@portal/shared/schemas/account';
import { Button, Group, Stack } from '@portal/shared/ui';
import { Checkbox, Fieldset, NativeSelect, Switch } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { failureOf } from '../../../lib/failure';
import { FailedNotice } from '../../../lib/saved-notice';
import { useSaveCostCentre } from '../api/cost-centres';

/** Euros as typed (`1250`, `1250,50`, `1.250,50` is not accepted) into cents; NaN when not a number. */
export const toCents = (typed: string) => {
  const normalised = typed.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Math.round(Number(normalised) * 100) : Number.NaN;
};

const valuesOf = (c: CostCentre | null) => ({
  code: c?.code ?? '',
  name: c?.name ?? '',
  budget_cents: c ? String(c.budget_cents / 100) : '',
  period: c?.period ?? 'month',
  active: c?.active ?? true,
  buyer_ids: c?.buyer_ids ?? [],
});

export function CostCentreForm({ costCentre, members, onDone }: { costCentre: CostCentre | null; members: ManagedUser[]; onDone: (saved: CostCentre | null) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useForm(valuesOf(costCentre));
  const { attachForm } = form;
  const save = useSaveCostCentre();
  const [failed, setFailed] = useState(false);
  const buyers = form.values.buyer_ids;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const input = form.validate(CostCentreInputSchema, { ...form.values, budget_cents: toCents(form.values.budget_cents) });
    if (!input) return;
    try {
      onDone(await save.mutateAsync({ id: costCentre?.id ?? null, body: input }));
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === BUDGET_ERRORS.CODE_TAKEN) form.showErrors([{ path: 'code', message: MESSAGE_KEYS.costCentreCodeTaken }]);
      else if ((failure.code === API_ERRORS.VALIDATION_FAILED || failure.code === BUDGET_ERRORS.NOT_A_MEMBER) && failure.errors.length) form.showErrors(failure.errors);
      else setFailed(true);
    }
  }

  return (
    <form ref={attachForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t(costCentre ? 'account.budgets.edit' : 'account.budgets.new')}>
      <Stack gap="md" maw={560}>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.budgets.code" />} required {...form.field('code')} />
          <Input label={<FormattedMessage id="account.budgets.name" />} required {...form.field('name')} />
        </Group>
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="account.budgets.budget" />} description={<FormattedMessage id="account.budgets.budgetHint" />} inputMode="decimal" required {...form.field('budget_cents')} />
          <NativeSelect label={<FormattedMessage id="account.budgets.period" />} data={BUDGET_PERIODS.map((p) => ({ value: p, label: t(`account.budgets.period.${p}`) }))} {...form.field('period')} />
        </Group>
        <Switch label={<FormattedMessage id="account.budgets.active" />} checked={Boolean(form.values.active)} onChange={(e) => form.setValue('active', e.currentTarget.checked)} />
        <Fieldset legend={<FormattedMessage id="account.budgets.buyers" />} variant="unstyled">
          <Stack gap="xs">
            {members.map((m) => (
              <Checkbox
                key={m.id}
                label={`${m.first_name} ${m.last_name} (${m.email})`}
                checked={buyers.includes(m.id)}
                onChange={(e) => form.setValue('buyer_ids', e.currentTarget.checked ? [...buyers, m.id] : buyers.filter((id) => id !== m.id))}
              />
            ))}
          </Stack>
        </Fieldset>
        {failed && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            <FormattedMessage id="account.budgets.save" />
          </Button>
          <Button type="button" variant="outline" onClick={() => onDone(null)}>
            <FormattedMessage id="account.budgets.cancel" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
