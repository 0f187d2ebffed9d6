// The organisation's procurement systems (issue 40, decision 059): each cXML identity and the Peppol
// identity, with the cost centre its orders are charged to when the document names none and, for
// cXML, the Accounting segment type that names the cost centre. One small form per system.
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CostCentre, ProcurementSystem } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text, Title } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useProcurementSystems, useSetProcurementSystem } from '../api/cost-centres';

function SystemForm({ system, costCentres }: { system: ProcurementSystem; costCentres: CostCentre[] }) {
  const intl = useIntl();
  const [costCentre, setCostCentre] = useState(system.default_cost_centre_id ?? '');
  const [segment, setSegment] = useState(system.segment_type ?? '');
  const [state, setState] = useState<'saved' | 'failed' | null>(null);
  const save = useSetProcurementSystem();
  const label = `${intl.formatMessage({ id: `account.budgets.systems.channel.${system.channel}` })} ${system.label}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    try {
      await save.mutateAsync({ channel: system.channel, sender: system.sender, default_cost_centre_id: costCentre || null, ...(system.channel === 'cxml' ? { segment_type: segment.trim() || null } : {}) });
      setState('saved');
    } catch {
      setState('failed');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={intl.formatMessage({ id: 'account.budgets.systems.form' }, { label })}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {label}
        </Title>
        <Group align="flex-end" grow>
          <NativeSelect
            label={<FormattedMessage id="account.budgets.systems.default" />}
            value={costCentre}
            onChange={(e) => setCostCentre(e.currentTarget.value)}
            data={[{ value: '', label: intl.formatMessage({ id: 'account.budgets.systems.none' }) }, ...costCentres.filter((c) => c.active || c.id === costCentre).map((c) => ({ value: c.id, label: `${c.code} — ${c.name}` }))]}
          />
          {system.channel === 'cxml' && (
            <Input
              label={<FormattedMessage id="account.budgets.systems.segment" />}
              description={<FormattedMessage id="account.budgets.systems.segmentHint" />}
              value={segment}
              maxLength={50}
              onChange={(e) => setSegment(e.currentTarget.value)}
            />
          )}
        </Group>
        <Group>
          <Button type="submit" variant="outline" loading={save.isPending}>
            <FormattedMessage id="account.budgets.systems.save" />
          </Button>
        </Group>
        {state === 'saved' && (
          <SavedNotice>
            <FormattedMessage id="account.budgets.systems.saved" values={{ label }} />
          </SavedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
      </Stack>
    </form>
  );
}

/** Below the cost centres: where the administrator sees the procurement systems and sets their default cost centre. */
export function ProcurementSystemsSection({ costCentres }: { costCentres: CostCentre[] }) {
  const titleId = useId();
  const systems = useProcurementSystems();
  const items = systems.data?.items ?? [];
  return (
    <section aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          <FormattedMessage id="account.budgets.systems.title" />
        </Title>
        <Text>
          <FormattedMessage id="account.budgets.systems.intro" />
        </Text>
        {systems.isError && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        {systems.data && !items.length && (
          <Text>
            <FormattedMessage id="account.budgets.systems.empty" />
          </Text>
        )}
        {items.map((s) => (
          <SystemForm key={`${s.channel}:${s.sender}`} system={s} costCentres={costCentres} />
        ))}
      </Stack>
    </section>
  );
}
