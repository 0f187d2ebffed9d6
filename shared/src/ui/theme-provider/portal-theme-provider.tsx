import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { portalTheme } from './portal-theme';

/** Props of PortalThemeProvider. */
export interface PortalThemeProviderProps {
  /** The tree that uses the design system. */
  children?: ReactNode;
  /** `test` disables transitions and portals (component tests only). */
  env?: 'default' | 'test';
}

/** Provides the portal theme. Mount it once, in the shell, around everything. */
export function PortalThemeProvider({ children, env = 'default' }: PortalThemeProviderProps) {
  return (
    <MantineProvider theme={portalTheme} env={env} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
