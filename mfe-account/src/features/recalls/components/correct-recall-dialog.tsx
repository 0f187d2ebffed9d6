// The staff correct an open recall (decision 080): add lots or serial numbers, move the expiry range
// outwards, fix the reason and instructions. The fields start as the recall stands; removing a lot
// or serial, or moving a bound inwards, is refused by the API (RECALL_NARROWING_REFUSED) and said
// here: a recall is widened or closed, never narrowed. A Mantine modal: focus moves to the lots,
// stays inside, and returns to the Correct button after.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RECALL_ERRORS, type Recall, type RecallCorrect } from '@portal/shared/schemas/account';
import { Button, Group, SimpleGrid, Stack, Text } from '@portal/shared/ui';
import { Modal } from '@portal/shared/ui/overlays';
import { useCorrectRecall } from '../api/recalls';
import { CriteriaFields, LANGS, list } from './criteria-fields';
import { failureOf } from '../../../lib/failure';
import { FailedNotice } from '../../../lib/saved-notice';

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function initial(r: Recall): Record<string, string> {
  return {
    lots: r.lots.join(', '),
    serials: r.serial_numbers.join(', '),
    expiry_from: r.expiry_from ?? '',
    expiry_to: r.expiry_to ?? '',
    ...Object.fromEntries(LANGS.flatMap((l) => [[`reason_${l}`, r.reason[l]], [`instructions_${l}`, r.instructions[l]]])),
  };
}

/** Only what changed is sent: the API keeps what is left out. */
function changes(r: Recall, f: Record<string, string>): RecallCorrect {
  const body: RecallCorrect = {};
  if (!same(list(f.lots ?? ''), r.lots)) body.lots = list(f.lots ?? '');
  if (!same(list(f.serials ?? ''), r.serial_numbers)) body.serial_numbers = list(f.serials ?? '');
  if (f.expiry_from && f.expiry_from !== r.expiry_from) body.expiry_from = f.expiry_from;
  if (f.expiry_to && f.expiry_to !== r.expiry_to) body.expiry_to = f.expiry_to;
  const text = (name: 'reason' | 'instructions') => ({ en: f[`${name}_en`] ?? '', nl: f[`${name}_nl`] ?? '', fr: f[`${name}_fr`] ?? '' });
  if (LANGS.some((l) => text('reason')[l] !== r.reason[l])) body.reason = text('reason');
  if (LANGS.some((l) => text('instructions')[l] !== r.instructions[l])) body.instructions = text('instructions');
  return body;
}

export function CorrectRecallDialog({ recall, opened, onClose }: { recall: Recall; opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const correct = useCorrectRecall(recall.id);
  const [fields, setFields] = useState(() => initial(recall));
  const set = (name: string) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((s) => ({ ...s, [name]: value }));
  };
  const failure = correct.isError ? failureOf(correct.error) : null;
  const narrowing = failure?.code === RECALL_ERRORS.NARROWING_REFUSED;
  const errorOf = (path: string) =>
    failure?.errors.some((e) => e.path === path) ? t(narrowing ? 'account.recalls.correct.narrowingField' : 'account.recalls.form.invalid') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = changes(recall, fields);
    // Nothing changed: nothing to send.
    if (!Object.keys(body).length) return onClose();
    correct.mutate(body, { onSuccess: onClose });
  };
  return (
    <Modal size="lg" opened={opened} onClose={onClose} title={t('account.recalls.correct.title')} closeButtonProps={{ 'aria-label': t('account.recalls.dialog.dismiss') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text variant="subtext">
            <FormattedMessage id="account.recalls.correct.intro" />
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <CriteriaFields fields={fields} set={set} errorOf={errorOf} autoFocusLots />
          </SimpleGrid>
          {failure && (
            <FailedNotice>
              <FormattedMessage id={narrowing ? 'account.recalls.correct.narrowing' : failure.code === RECALL_ERRORS.CLOSED ? 'account.recalls.closedAlready' : 'account.recalls.correct.failed'} />
            </FailedNotice>
          )}
          <Group justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              <FormattedMessage id="account.recalls.dialog.cancel" />
            </Button>
            <Button type="submit" loading={correct.isPending}>
              <FormattedMessage id="account.recalls.correct.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
