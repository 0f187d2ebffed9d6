import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Card, SimpleGrid, Text } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import classes from './shortcut-tiles.module.css';

/** One way into a part of the portal: where it goes and the message ids of its title and text. */
export interface ShortcutTile {
  to: string;
  title: string;
  body: string;
}

/**
 * Cards that lead to the parts of the portal, rendered by the shell itself so they work whatever
 * remote is down (the buyer's dashboard and the staff home page).
 */
export function ShortcutTiles({ tiles, headingLevel, cols }: { tiles: readonly ShortcutTile[]; headingLevel: 'h2' | 'h3'; cols: Record<string, number> }) {
  const path = useLocalizedPath();
  return (
    <SimpleGrid cols={cols}>
      {tiles.map((tile) => (
        <Card key={tile.to} withBorder component={Link} to={path(tile.to)} padding="lg">
          <Text variant="heading" component={headingLevel}>
            <FormattedMessage id={tile.title} />
          </Text>
          <Text variant="subtext" className={classes.cardText}>
            <FormattedMessage id={tile.body} />
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
