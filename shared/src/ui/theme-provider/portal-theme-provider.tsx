import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import type { ReactNode } from 'react';
import { portalTheme } from './portal-theme';

/** Props of PortalThemeProvider. */
export interface PortalThemeProviderProps {
  /** The tree that uses the design system. */
  children?: ReactNode;
  /** `test` disables transitions and portals (component tests only). */
  env?: 'default' | 'test';
}

/**
 * Mantine's error red (red.6) and dimmed grey (gray.6) are about 3.3:1 on white, below WCAG AA's
 * 4.5:1 for the small texts they colour (field errors, descriptions): use the darker shades.
 */
export const portalCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
  },
  dark: {},
});

/** Provides the portal theme. Mount it once, in the shell, around everything. */
export function PortalThemeProvider({ children, env = 'default' }: PortalThemeProviderProps) {
  return (
    <MantineProvider theme={portalTheme} env={env} defaultColorScheme="light" cssVariablesResolver={portalCssVariables}>
      {children}
    </MantineProvider>
  );
}
