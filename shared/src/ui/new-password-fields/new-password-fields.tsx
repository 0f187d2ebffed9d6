import { PasswordInput } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { UseForm } from '../../form/use-form';
import { PASSWORD_MIN_LENGTH } from '../../schemas/password-limits';

export interface NewPasswordFieldsProps {
  /** The form with `password` and `password_confirmation` (`useForm` of @portal/shared/form). */
  form: Pick<UseForm<Record<string, unknown>>, 'field'>;
  /**
   * The remote's message ids: the new password's label, its hint (`{count}` is the shortest
   * length), the confirmation's label, and the show-password button's accessible name.
   */
  messages: { password: string; hint: string; confirmation: string; showPassword: string };
}

/**
 * A new password and its confirmation (registration, reset, change): both `new-password` for
 * password managers, one show-password label, the shortest length in the hint. The rule that the
 * two match is the schemas' `passwordsMatch()`, reported on the confirmation.
 */
export function NewPasswordFields({ form, messages }: NewPasswordFieldsProps) {
  const intl = useIntl();
  const toggle = { 'aria-label': intl.formatMessage({ id: messages.showPassword }) };
  return (
    <>
      <PasswordInput
        label={<FormattedMessage id={messages.password} />}
        description={<FormattedMessage id={messages.hint} values={{ count: PASSWORD_MIN_LENGTH }} />}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...form.field('password')}
      />
      <PasswordInput
        label={<FormattedMessage id={messages.confirmation} />}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
        {...form.field('password_confirmation')}
      />
    </>
  );
}
