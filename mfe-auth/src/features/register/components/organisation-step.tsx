import { FormattedMessage, useIntl } from 'react-intl';
import type { UseForm } from '@portal/shared/form';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { ORGANISATION_TYPES } from '@portal/shared/schemas';
import { Anchor, Stack } from '@portal/shared/ui';
import { Checkbox, Radio } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { VAT_PLACEHOLDER, type RegistrationValues } from '../lib/registration-steps';

/** Step 3: the organisation, the newsletter and the terms. */
export function OrganisationStep({ form }: { form: UseForm<RegistrationValues> }) {
  const intl = useIntl();
  const locale = useLocale();
  return (
    <>
      <Input label={<FormattedMessage id="auth.field.organisationName" />} autoComplete="organization" required {...form.field('organisation_name')} />
      <Radio.Group
        label={<FormattedMessage id="auth.field.organisationType" />}
        required
        value={form.values.organisation_type}
        onChange={(value) => form.setValue('organisation_type', value)}
        error={form.field('organisation_type').error}
      >
        <Stack gap="xs" mt="xs">
          {ORGANISATION_TYPES.map((type) => (
            <Radio key={type} value={type} label={intl.formatMessage({ id: `auth.organisationType.${type}` })} aria-invalid={Boolean(form.errors.organisation_type) || undefined} />
          ))}
        </Stack>
      </Radio.Group>
      <Input label={<FormattedMessage id="auth.field.vatNumber" />} placeholder={VAT_PLACEHOLDER} required {...form.field('vat_number')} />
      <Checkbox label={<FormattedMessage id="auth.field.newsletter" />} {...form.checkbox('newsletter')} />
      <Checkbox
        label={
          <FormattedMessage
            id="auth.field.terms"
            values={{
              link: (chunks) => (
                <Anchor component={Link} to={`/${locale}/terms-and-conditions`} target="_blank">
                  {chunks}
                </Anchor>
              ),
            }}
          />
        }
        required
        {...form.checkbox('terms')}
      />
    </>
  );
}
