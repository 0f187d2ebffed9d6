// The staff close a recall (decision 080): a note in the three languages (why: completed, withdrawn,
// replaced), after which shipments of its units pass again and the buyers' banners go. A Mantine
// modal: focus moves into it (the first note), stays in it, and returns to the Close button after.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RECALL_ERRORS } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text } from '@portal/shared/ui';
import { Textarea } from '@portal/shared/ui/forms';
import { Modal } from '@portal/shared/ui/overlays';
import { useCloseRecall } from '../api/recalls';
import { LANGS } from './criteria-fields';
import { failureOf } from '../../../lib/failure';
import { FailedNotice } from '../../../lib/saved-notice';

export function CloseRecallDialog({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const close = useCloseRecall(id);
  const [note, setNote] = useState({ en: '', nl: '', fr: '' });
  const failure = close.isError ? failureOf(close.error) : null;
  const errorOf = (lang: string) => (failure?.errors.some((e) => e.path === `note.${lang}`) ? t('account.recalls.form.invalid') : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate({ note }, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('account.recalls.close.title')} closeButtonProps={{ 'aria-label': t('account.recalls.dialog.dismiss') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text variant="subtext">
            <FormattedMessage id="account.recalls.close.intro" />
          </Text>
          {LANGS.map((lang, i) => (
            <Textarea
              key={lang}
              required
              autosize
              minRows={2}
              label={t('account.recalls.close.note', { lang: lang.toUpperCase() })}
              value={note[lang]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setNote((n) => ({ ...n, [lang]: value }));
              }}
              error={errorOf(lang)}
              {...(i === 0 ? { 'data-autofocus': true } : {})}
            />
          ))}
          {failure && (
            <FailedNotice>
              <FormattedMessage id={failure.code === RECALL_ERRORS.CLOSED ? 'account.recalls.closedAlready' : 'account.recalls.close.failed'} />
            </FailedNotice>
          )}
          <Group justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              <FormattedMessage id="account.recalls.dialog.cancel" />
            </Button>
            <Button type="submit" variant="destructive" loading={close.isPending}>
              <FormattedMessage id="account.recalls.close.submit" />
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
