import { FormattedMessage } from 'react-intl';
import { Button, Notice } from '@portal/shared/ui';

/** Props of RemoteUnavailable. */
export interface RemoteUnavailableProps {
  onRetry: () => void;
  retrying?: boolean;
  /** Fills a dashboard widget's place instead of standing centred on a page. */
  inline?: boolean;
}

/** The translated panel shown in place of a remote (or one of its widgets) that cannot load or render. */
export function RemoteUnavailable({ onRetry, retrying, inline }: RemoteUnavailableProps) {
  return (
    <Notice
      tone="yellow"
      role="alert"
      icon="warning"
      title={<FormattedMessage id="remote.unavailable.title" />}
      testId="remote-unavailable"
      {...(inline ? {} : { maw: 640, mx: 'auto', my: 'xl' })}
    >
      <p>
        <FormattedMessage id="remote.unavailable.body" />
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <FormattedMessage id="remote.unavailable.retry" />
      </Button>
    </Notice>
  );
}
