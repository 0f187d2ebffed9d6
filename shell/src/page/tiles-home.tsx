import { FormattedMessage } from 'react-intl';
import { Stack, Text } from '@portal/shared/ui';
import { ShortcutTiles, type ShortcutTile } from './shortcut-tiles';

/**
 * A home page that is a title, an introduction and the way to each part of the portal the reader
 * has: the staff's and the web-shop customer's (the buyer's dashboard adds the remotes' widgets).
 */
export function TilesHome({ title, intro, tiles }: { title: string; intro: string; tiles: readonly ShortcutTile[] }) {
  return (
    <Stack gap="lg">
      <Text variant="title" component="h1">
        <FormattedMessage id={title} />
      </Text>
      <Text variant="subtext">
        <FormattedMessage id={intro} />
      </Text>
      <ShortcutTiles tiles={tiles} headingLevel="h2" cols={{ base: 1, sm: tiles.length }} />
    </Stack>
  );
}
