import { FormattedMessage } from 'react-intl';
import { Alert, Button, Icon } from '@portal/shared/ui';

/** The translated panel shown in place of a remote that cannot load or render. */
export function RemoteUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<Icon name="warning" size="lg" />}
      title={<FormattedMessage id="remote.unavailable.title" />}
      data-testid="remote-unavailable"
      maw={640}
      mx="auto"
      my="xl"
    >
      <p>
        <FormattedMessage id="remote.unavailable.body" />
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <FormattedMessage id="remote.unavailable.retry" />
      </Button>
    </Alert>
  );
}
