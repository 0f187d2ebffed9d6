// "Your data" on the profile page (issue 44, decision 063): anyone signed in downloads their data
// as JSON or CSV; a web-shop customer closes their own account after a confirmation (the shared
// dialog keeps the focus inside and starts on Cancel; lib/confirm.ts gives it back to the button); a member of
// an organisation is told that its administrator closes it (their orders are the organisation's).
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { useNavigate } from '@portal/shared/router';
import type { Profile } from '@portal/shared/schemas/account';
import { sessionStore } from '@portal/shared/session';
import { Button, Group, Stack, Text, Title, showToast } from '@portal/shared/ui';
import { confirmFromButton } from '../../../lib/confirm';
import { FailedNotice } from '../../../lib/saved-notice';
import { useCloseAccount } from '../api/close-account';
import { downloadMyData, type DataFormat } from '../api/download-my-data';

export function MyData({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const locale = useLocale();
  const navigate = useNavigate();
  const close = useCloseAccount();
  const [downloading, setDownloading] = useState<DataFormat | null>(null);
  const [failed, setFailed] = useState<'download' | 'close' | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  async function download(format: DataFormat) {
    setFailed(null);
    setDownloading(format);
    try {
      await downloadMyData(format);
    } catch {
      setFailed('download');
    } finally {
      setDownloading(null);
    }
  }

  async function closeAccount() {
    setFailed(null);
    const yes = await confirmFromButton(
      {
        title: t('account.privacy.close.confirmTitle'),
        message: t('account.privacy.close.confirmMessage'),
        confirmLabel: t('account.privacy.close.confirm'),
        cancelLabel: t('account.privacy.close.cancel'),
        destructive: true,
      },
      closeButton,
    );
    if (!yes) return;
    try {
      const closed = await close.mutateAsync();
      const date = intl.formatDate(closed.erased_from, { dateStyle: 'long', timeZone: 'UTC' });
      showToast({ type: 'success', title: t('account.privacy.close.done', { date }) });
      sessionStore.getState().signOut();
      navigate(`/${locale}/auth/login`);
    } catch {
      setFailed('close');
    }
  }

  return (
    <section aria-labelledby="account-privacy-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="account-privacy-heading">
          <FormattedMessage id="account.privacy.heading" />
        </Title>
        <Text>
          <FormattedMessage id="account.privacy.download.intro" />
        </Text>
        <Group>
          <Button variant="outline" loading={downloading === 'json'} onClick={() => void download('json')}>
            <FormattedMessage id="account.privacy.download.json" />
          </Button>
          <Button variant="outline" loading={downloading === 'csv'} onClick={() => void download('csv')}>
            <FormattedMessage id="account.privacy.download.csv" />
          </Button>
        </Group>
        {failed === 'download' && (
          <FailedNotice>
            <FormattedMessage id="account.privacy.download.failed" />
          </FailedNotice>
        )}
        {profile.role === null ? (
          <>
            <Text>
              <FormattedMessage id="account.privacy.close.intro" />
            </Text>
            <Group>
              <Button ref={closeButton} variant="destructive" loading={close.isPending} onClick={() => void closeAccount()}>
                <FormattedMessage id="account.privacy.close.action" />
              </Button>
            </Group>
            {failed === 'close' && (
              <FailedNotice>
                <FormattedMessage id="account.error.generic" />
              </FailedNotice>
            )}
          </>
        ) : (
          <Text>
            <FormattedMessage id="account.privacy.close.byAdministrator" />
          </Text>
        )}
      </Stack>
    </section>
  );
}
