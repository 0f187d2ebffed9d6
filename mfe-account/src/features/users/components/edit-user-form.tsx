// An administrator changes a user's role, or deactivates / reactivates them. The API keeps the
// last active administrator and says so (409 ACCOUNT_LAST_ADMIN).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { useUnsavedChangesGuard } from '@portal/shared/navigation';
import { ACCOUNT_ERRORS, API_ERRORS, MEMBERSHIP_ROLES, UpdateManagedUserSchema, type ManagedUser } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text } from '@portal/shared/ui';
import { NativeSelect, Switch } from '@portal/shared/ui/choice';
import { isDirty } from '../../../lib/dirty';
import { failureOf } from '../../../lib/failure';
import { FailedNotice, SavedNotice } from '../../../lib/saved-notice';
import { useUpdateUser } from '../api/update-user';
import { UserStatusBadge } from './user-status-badge';

const valuesOf = (u: ManagedUser) => ({ role: u.role as string, active: u.status !== 'deactivated' });

export function EditUserForm({ user }: { user: ManagedUser }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [initial, setInitial] = useState(() => valuesOf(user));
  const form = useForm(initial);
  const { attachForm } = form;
  const update = useUpdateUser(user.id);
  const [state, setState] = useState<'saved' | 'lastAdmin' | 'failed' | null>(null);
  useUnsavedChangesGuard(isDirty(form.values, initial));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setState(null);
    const input = form.validate(UpdateManagedUserSchema);
    if (!input) return;
    try {
      const next = await update.mutateAsync(input);
      const values = valuesOf(next);
      setInitial(values);
      form.setValue('role', values.role);
      form.setValue('active', values.active);
      setState('saved');
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === ACCOUNT_ERRORS.LAST_ADMIN) setState('lastAdmin');
      else if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) form.showErrors(failure.errors);
      else setState('failed');
    }
  }

  return (
    <form ref={attachForm} onSubmit={onSubmit} noValidate aria-label={t('title.user_edit')}>
      <Stack gap="md" maw={560}>
        <Text>
          <strong>
            {user.first_name} {user.last_name}
          </strong>{' '}
          · {user.email} <UserStatusBadge status={user.status} />
        </Text>
        {user.function && <Text variant="subtext">{user.function}</Text>}
        <NativeSelect label={<FormattedMessage id="account.users.role" />} data={MEMBERSHIP_ROLES.map((r) => ({ value: r, label: t(`account.role.${r}`) }))} {...form.field('role')} />
        <Switch
          label={<FormattedMessage id="account.users.active" />}
          description={<FormattedMessage id="account.users.activeHint" />}
          checked={Boolean(form.values.active)}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
        {state === 'saved' && (
          <SavedNotice>
            <FormattedMessage id="account.users.saved" />
          </SavedNotice>
        )}
        {state === 'lastAdmin' && (
          <FailedNotice>
            <FormattedMessage id="account.lastAdmin" />
          </FailedNotice>
        )}
        {state === 'failed' && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            <FormattedMessage id="account.users.save" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
