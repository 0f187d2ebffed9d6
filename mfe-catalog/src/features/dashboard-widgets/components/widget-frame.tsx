import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@portal/shared/ui';

/** Props of WidgetFrame. */
export interface WidgetFrameProps {
  /** Stable id; the heading's id derives from it. */
  id: string;
  /** Message id of the heading. */
  titleId: string;
  /** Message id of the line under the heading. */
  descriptionId: string;
  /** Where the query stands. */
  status: 'pending' | 'error' | 'success';
  /** Refetches after an error. */
  onRetry: () => void;
  /** Whether the loaded list is empty, and what to say then. */
  empty: boolean;
  emptyId: string;
  /** The link under the list. */
  link: { to: string; labelId: string };
  children: ReactNode;
}

/** A dashboard widget of the catalog: a labelled section with its loading, error and empty states. */
export function WidgetFrame({ id, titleId, descriptionId, status, onRetry, empty, emptyId, link, children }: WidgetFrameProps) {
  const headingId = `widget-${id}-title`;
  let body: ReactNode;
  if (status === 'pending') {
    body = (
      <Stack gap="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={56} radius="sm" />
        ))}
      </Stack>
    );
  } else if (status === 'error') {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={<FormattedMessage id="catalog.widget.error" />}>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <FormattedMessage id="catalog.retry" />
        </Button>
      </Alert>
    );
  } else if (empty) {
    body = (
      <Text variant="subtext">
        <FormattedMessage id={emptyId} />
      </Text>
    );
  } else {
    body = children;
  }
  return (
    <Card component="section" withBorder padding="lg" radius="md" aria-labelledby={headingId} h="100%">
      <Stack gap="md">
        <div>
          <Text variant="heading" component="h2" id={headingId}>
            <FormattedMessage id={titleId} />
          </Text>
          <Text variant="caption">
            <FormattedMessage id={descriptionId} />
          </Text>
        </div>
        {body}
        <Group justify="flex-end">
          <Anchor component={Link} to={link.to} fw={600}>
            <FormattedMessage id={link.labelId} />
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
