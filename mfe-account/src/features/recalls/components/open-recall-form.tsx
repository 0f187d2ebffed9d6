// The staff's form to open a recall or field safety notice (issue 42): a GTIN with lots, serial
// numbers or an expiry range, and the reason and instructions in the three languages the mails
// are written in. The API validates (the same schema) and answers the receivers it found.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RecallKind, RecallOpen } from '@portal/shared/schemas/account';
import { useLocale } from '@portal/shared/navigation';
import { useNavigate } from '@portal/shared/router';
import { Button, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { useOpenRecall } from '../api/recalls';
import { CriteriaFields, list } from './criteria-fields';
import { failureOf } from '../../../lib/failure';
import { FailedNotice } from '../../../lib/saved-notice';


export function OpenRecallForm() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const locale = useLocale();
  const navigate = useNavigate();
  const open = useOpenRecall();
  const [kind, setKind] = useState<RecallKind>('recall');
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (name: string) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((s) => ({ ...s, [name]: value }));
  };
  const failure = open.isError ? failureOf(open.error) : null;
  const errorOf = (path: string) => (failure?.errors.some((e) => e.path === path) ? t('account.recalls.form.invalid') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: RecallOpen = {
      kind,
      gtin: fields.gtin ?? '',
      ...(list(fields.lots ?? '').length ? { lots: list(fields.lots ?? '') } : {}),
      ...(list(fields.serials ?? '').length ? { serial_numbers: list(fields.serials ?? '') } : {}),
      ...(fields.expiry_from ? { expiry_from: fields.expiry_from } : {}),
      ...(fields.expiry_to ? { expiry_to: fields.expiry_to } : {}),
      ...(fields.reference ? { reference: fields.reference } : {}),
      reason: { en: fields.reason_en ?? '', nl: fields.reason_nl ?? '', fr: fields.reason_fr ?? '' },
      instructions: { en: fields.instructions_en ?? '', nl: fields.instructions_nl ?? '', fr: fields.instructions_fr ?? '' },
    };
    open.mutate(body, { onSuccess: (recall) => navigate(`/${locale}/user/recalls/${recall.id}`) });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="open-recall-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="open-recall-title">
          <FormattedMessage id="account.recalls.form.title" />
        </Title>
        <Text variant="subtext">
          <FormattedMessage id="account.recalls.form.intro" />
        </Text>
        <div role="group" aria-labelledby="open-recall-kind">
          <Text id="open-recall-kind" variant="heading" component="span">
            <FormattedMessage id="account.recalls.form.kind" />
          </Text>
          <SegmentedControl
            value={kind}
            onChange={(value) => setKind(value as RecallKind)}
            data={[
              { value: 'recall', label: t('account.recalls.kind.recall') },
              { value: 'field_safety_notice', label: t('account.recalls.kind.field_safety_notice') },
            ]}
          />
        </div>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Input label={t('account.recalls.form.gtin')} required value={fields.gtin ?? ''} onChange={set('gtin')} error={errorOf('gtin')} inputMode="numeric" />
          <Input label={t('account.recalls.form.reference')} value={fields.reference ?? ''} onChange={set('reference')} error={errorOf('reference')} />
          <CriteriaFields fields={fields} set={set} errorOf={errorOf} />
        </SimpleGrid>
        {failure && (
          <FailedNotice>
            <FormattedMessage id="account.recalls.form.failed" />
          </FailedNotice>
        )}
        <div>
          <Button type="submit" loading={open.isPending}>
            <FormattedMessage id="account.recalls.form.submit" />
          </Button>
        </div>
      </Stack>
    </form>
  );
}
