// The organisation's cost centres (issue 33, decision 054): this period's budget, spent and left per
// cost centre, the over-budget rule, the form to create or change one with its buyers, and the
// procurement systems' default cost centres (issue 40).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ACCOUNT_ERRORS, type CostCentre, type ManagedUser } from '@portal/shared/schemas/account';
import { LOCALE_TAGS } from '@portal/shared/i18n';
import { useLocale } from '@portal/shared/navigation';
import { formatCents } from '@portal/shared/schemas/shop';
import { Button, Group, Stack, Title } from '@portal/shared/ui';
import { CELL, DataTable } from '../../../components/data-table';
import { failureOf } from '../../../lib/failure';
import { SavedNotice } from '../../../lib/saved-notice';
import { useCostCentres } from '../api/cost-centres';
import { BudgetRuleForm } from './budget-rule-form';
import { CostCentreForm } from './cost-centre-form';
import { ProcurementSystemsSection } from './procurement-systems-section';

const COLUMNS = ['account.budgets.code', 'account.budgets.name', 'account.budgets.period', 'account.budgets.budget', 'account.budgets.spent', 'account.budgets.remaining', 'account.budgets.status', 'account.budgets.actions'];

/** `members`: the organisation's active users, who may be assigned; `adminsOnly`: what a non-administrator sees instead. */
export function CostCentresOverview({ members, adminsOnly }: { members: ManagedUser[]; adminsOnly: ReactNode }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const tag = LOCALE_TAGS[useLocale()];
  const money = (cents: number) => formatCents(cents, tag);
  const page = useCostCentres();
  // null: no form; 'new': creating; a cost centre: changing it.
  const [editing, setEditing] = useState<CostCentre | 'new' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  if (page.isError && failureOf(page.error).code === ACCOUNT_ERRORS.ADMINS_ONLY) return adminsOnly;
  const list = page.data?.cost_centres ?? [];

  return (
    <Stack gap="lg">
      {/* Not keyed by the rule: saving it changes the page's data, and a remount would lose the "saved" notice. */}
      {page.data && <BudgetRuleForm rule={page.data.over_budget} />}
      {saved && (
        <SavedNotice>
          <FormattedMessage id="account.budgets.saved" values={{ code: saved }} />
        </SavedNotice>
      )}
      <Group justify="flex-end">
        <Button type="button" onClick={() => setEditing('new')} disabled={editing !== null}>
          <FormattedMessage id="account.budgets.new" />
        </Button>
      </Group>
      <DataTable
        id="cost-centres-caption"
        query={page}
        count={list.length}
        emptyId="account.budgets.empty"
        caption={<FormattedMessage id="account.budgets.caption" values={{ count: list.length }} />}
        headers={COLUMNS.map((id) => t(id))}
      >
        {list.map((c) => (
          <tr key={c.id}>
            <td style={CELL}>{c.code}</td>
            <td style={CELL}>{c.name}</td>
            <td style={CELL}>{t(`account.budgets.period.${c.period}`)}</td>
            <td style={CELL}>{money(c.budget_cents)}</td>
            <td style={CELL}>{money(c.spent_cents)}</td>
            <td style={CELL}>{money(c.remaining_cents)}</td>
            <td style={CELL}>{t(c.active ? 'account.budgets.status.active' : 'account.budgets.status.inactive')}</td>
            <td style={CELL}>
              <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(c)} aria-label={intl.formatMessage({ id: 'account.budgets.editOne' }, { code: c.code })}>
                <FormattedMessage id="account.budgets.editShort" />
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {editing && (
        <Stack gap="sm">
          <Title order={2} size="h3" ref={heading} tabIndex={-1}>
            {editing === 'new' ? t('account.budgets.new') : intl.formatMessage({ id: 'account.budgets.editOne' }, { code: editing.code })}
          </Title>
          <CostCentreForm
            key={editing === 'new' ? 'new' : editing.id}
            costCentre={editing === 'new' ? null : editing}
            members={members}
            onDone={(done) => {
              setEditing(null);
              setSaved(done?.code ?? null);
            }}
          />
        </Stack>
      )}
      {page.data && <ProcurementSystemsSection costCentres={list} />}
    </Stack>
  );
}
