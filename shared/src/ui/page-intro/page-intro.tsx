import { FormattedMessage } from 'react-intl';
import { Stack } from '@mantine/core';
import { Text } from '../text/text';

/** Props of PageIntro. */
export interface PageIntroProps {
  /** Message id of the page's h1. */
  titleId: string;
  /** Message id of the introductory paragraph under it. */
  introId?: string;
}

/** The top of a page: its h1 title and a short introduction, both translated. */
export function PageIntro({ titleId, introId }: PageIntroProps) {
  return (
    <Stack gap="xs" mb="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id={titleId} />
      </Text>
      {introId && (
        <Text variant="subtext">
          <FormattedMessage id={introId} />
        </Text>
      )}
    </Stack>
  );
}
