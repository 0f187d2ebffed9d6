// The form of a new integration client: its name and its scopes, each with what it allows. A name in
// use is said on the name field; the answer's secret goes to the page (shown once).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useForm } from '@portal/shared/form';
import { API_ERRORS, INTEGRATION_ERRORS, INTEGRATION_SCOPES, IntegrationClientCreateSchema, type IntegrationClientSecret, type IntegrationScope } from '@portal/shared/schemas/account';
import { Button, Group, Stack, Text } from '@portal/shared/ui';
import { Checkbox, Fieldset } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { failureOf } from '../../../lib/failure';
import { FailedNotice } from '../../../lib/saved-notice';
import { useCreateIntegrationClient } from '../api/manage-integration-clients';

export function NewClientForm({ onCreated }: { onCreated: (created: IntegrationClientSecret) => void }) {
  const intl = useIntl();
  const form = useForm({ name: '', scopes: [] as IntegrationScope[] });
  const { attachForm } = form;
  const create = useCreateIntegrationClient();
  const [failed, setFailed] = useState(false);
  const scopes = form.values.scopes;
  const scopesError = form.field('scopes').error;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    const input = form.validate(IntegrationClientCreateSchema, form.values);
    if (!input) return;
    try {
      onCreated(await create.mutateAsync(input));
      form.setValue('name', '');
      form.setValue('scopes', []);
    } catch (error) {
      const failure = failureOf(error);
      if ((failure.code === INTEGRATION_ERRORS.CLIENT_NAME_TAKEN || failure.code === API_ERRORS.VALIDATION_FAILED) && failure.errors.length) form.showErrors(failure.errors);
      else setFailed(true);
    }
  }

  return (
    <form ref={attachForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="new-client-title">
      <Stack gap="md" maw={640}>
        <Text variant="subtitle" component="h2" id="new-client-title">
          <FormattedMessage id="account.integration.manage.new.title" />
        </Text>
        <Input label={<FormattedMessage id="account.integration.manage.name" />} description={<FormattedMessage id="account.integration.manage.nameHint" />} required {...form.field('name')} />
        <Fieldset legend={<FormattedMessage id="account.integration.manage.scopes" />} variant="unstyled" aria-describedby={scopesError ? 'new-client-scopes-error' : undefined}>
          <Stack gap="xs">
            {scopesError && (
              <Text id="new-client-scopes-error" variant="subtext" color="red.8">
                {scopesError}
              </Text>
            )}
            {INTEGRATION_SCOPES.map((scope, i) => (
              <Checkbox
                key={scope}
                value={scope}
                aria-invalid={i === 0 && scopesError ? true : undefined}
                label={
                  <>
                    <code>{scope}</code> {intl.formatMessage({ id: `account.integration.manage.scope.${scope}` })}
                  </>
                }
                checked={scopes.includes(scope)}
                onChange={(e) => form.setValue('scopes', e.currentTarget.checked ? [...scopes, scope] : scopes.filter((s) => s !== scope))}
              />
            ))}
          </Stack>
        </Fieldset>
        {failed && (
          <FailedNotice>
            <FormattedMessage id="account.integration.manage.error" />
          </FailedNotice>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            <FormattedMessage id="account.integration.manage.create" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
