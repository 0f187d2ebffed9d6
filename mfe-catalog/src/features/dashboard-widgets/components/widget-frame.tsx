import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Anchor, Card, Group, Stack, Text } from '@portal/shared/ui';
import { StateRegion } from '@portal/shared/ui/status';

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
  const intl = useIntl();
  const body = (
    <StateRegion
      status={status}
      isEmpty={empty}
      loadingLabel={intl.formatMessage({ id: 'catalog.loading' })}
      skeletonRows={3}
      errorTitle={<FormattedMessage id="catalog.widget.error" />}
      onRetry={onRetry}
      retryLabel={<FormattedMessage id="catalog.retry" />}
      empty={
        <Text variant="subtext">
          <FormattedMessage id={emptyId} />
        </Text>
      }
    >
      {children}
    </StateRegion>
  );
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
