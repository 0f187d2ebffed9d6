import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Center, Container, Group, Paper, Stack } from '@portal/shared/ui';
import { useLocalizedPath } from '../i18n/localized-path';
import { LanguageSwitcher } from './language-switcher';
import classes from './layout.module.css';

/** A centred card for sign-in, registration and password pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const path = useLocalizedPath();
  return (
    <Center className={classes.authFrame} component="main" id="main">
      <Container size="sm" w="100%" py="xl">
        <Stack gap="md">
          <Group justify="space-between">
            <Link to={path('/')} className={classes.brand}>
              <FormattedMessage id="brand.name" />
            </Link>
            <LanguageSwitcher />
          </Group>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            {children}
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
