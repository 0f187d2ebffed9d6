// The organisation's answer to a recall: units on hand, already used, to return. A later answer
// replaces it; the API refuses more than was received (RECALL_ANSWER_EXCEEDS_RECEIVED).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RECALL_ERRORS, type MyRecall, type ReceivedBy } from '@portal/shared/schemas/account';
import { Button, Group, Stack } from '@portal/shared/ui';
import { NumberInput } from '@portal/shared/ui/number-input';
import { useAnswerRecall } from '../api/recalls';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';

type Field = 'units_on_hand' | 'units_used' | 'units_to_return';
const FIELDS: Field[] = ['units_on_hand', 'units_used', 'units_to_return'];

/** `receivedBy`: which of the person's notices it answers, as the page was asked (decision 086). */
export function AnswerForm({ recall, receivedBy }: { recall: MyRecall; receivedBy?: ReceivedBy }) {
  const intl = useIntl();
  const answer = useAnswerRecall(recall.id, receivedBy);
  const [values, setValues] = useState<Record<Field, number | ''>>({
    units_on_hand: recall.units_on_hand ?? '',
    units_used: recall.units_used ?? '',
    units_to_return: recall.units_to_return ?? '',
  });
  const failure = answer.isError ? failureOf(answer.error) : null;
  const fieldError = (f: Field) => failure?.errors.find((e) => e.path === f);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate({ units_on_hand: Number(values.units_on_hand || 0), units_used: Number(values.units_used || 0), units_to_return: Number(values.units_to_return || 0) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="recall-answer-title">
      <Stack gap="sm">
        <h2 id="recall-answer-title" style={{ margin: 0 }}>
          <FormattedMessage id="account.recalls.answer.title" />
        </h2>
        <Group align="flex-start" grow>
          {FIELDS.map((f) => (
            <NumberInput
              key={f}
              label={intl.formatMessage({ id: `account.recalls.answer.${f}` })}
              min={0}
              max={recall.units_received}
              allowDecimal={false}
              value={values[f]}
              onChange={(value) => setValues((s) => ({ ...s, [f]: typeof value === 'number' ? value : '' }))}
              error={fieldError(f) ? intl.formatMessage({ id: 'account.recalls.answer.invalid' }) : undefined}
            />
          ))}
        </Group>
        {failure && (
          <FailedNotice>
            <FormattedMessage id={failure.code === RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED ? 'account.recalls.answer.exceeds' : 'account.recalls.answer.failed'} values={{ count: recall.units_received }} />
          </FailedNotice>
        )}
        {answer.isSuccess && (
          <SavedNotice>
            <FormattedMessage id="account.recalls.answer.saved" />
          </SavedNotice>
        )}
        <div>
          <Button type="submit" loading={answer.isPending}>
            <FormattedMessage id="account.recalls.answer.submit" />
          </Button>
        </div>
      </Stack>
    </form>
  );
}
