// The secret of a client just created or rotated: shown this once (only its hash is kept), with the
// client id beside it and, after a rotation, until when the previous secret keeps working. It takes
// the focus when it appears, so a screen reader reads it and a keyboard user can copy it at once.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntegrationClientSecret } from '@portal/shared/schemas/account';
import { Button, Notice, Stack, Text, Title } from '@portal/shared/ui';

export function ClientSecretNotice({ secret, onDismiss }: { secret: IntegrationClientSecret; onDismiss: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  // When the answer came (the page gives each secret a notice of its own): an overlap of 0 has ended by then.
  const [shownAt] = useState(() => Date.now());
  useEffect(() => heading.current?.focus(), [secret]);
  const until = secret.old_secrets_valid_until;
  return (
    <Notice tone="green" role="status" icon="checkmarkCircle">
      <Stack gap="xs">
        <Title order={2} size="h4" id="client-secret-title" tabIndex={-1} ref={heading}>
          <FormattedMessage id="account.integration.manage.secret.title" values={{ name: secret.client.name }} />
        </Title>
        <Text>
          <FormattedMessage id="account.integration.manage.secret.message" />
        </Text>
        <dl style={{ margin: 0 }}>
          <dt>
            <FormattedMessage id="account.integration.manage.secret.clientId" />
          </dt>
          <dd style={{ marginInlineStart: 0 }}>
            <code>{secret.client.id}</code>
          </dd>
          <dt>
            <FormattedMessage id="account.integration.manage.secret.clientSecret" />
          </dt>
          <dd style={{ marginInlineStart: 0 }}>
            <code data-testid="client-secret">{secret.client_secret}</code>
          </dd>
        </dl>
        {until !== null && (
          <Text>
            {Date.parse(until) > shownAt ? (
              <FormattedMessage id="account.integration.manage.secret.oldValidUntil" values={{ date: intl.formatDate(until, { dateStyle: 'medium', timeStyle: 'short' }) }} />
            ) : (
              <FormattedMessage id="account.integration.manage.secret.oldEnded" />
            )}
          </Text>
        )}
        <div>
          <Button variant="outline" onClick={onDismiss}>
            <FormattedMessage id="account.integration.manage.secret.done" />
          </Button>
        </div>
      </Stack>
    </Notice>
  );
}
