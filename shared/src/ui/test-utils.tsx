// Helpers of the design-system tests: render inside the theme, and run axe-core.
import { render, type RenderOptions } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement, ReactNode } from 'react';
import { PortalThemeProvider } from './theme-provider/portal-theme-provider';

function Wrapper({ children }: { children?: ReactNode }) {
  return <PortalThemeProvider env="test">{children}</PortalThemeProvider>;
}

/** Renders a UI element inside the portal theme (test env: no transitions, no portals). */
export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Wrapper, ...options });
}

/** Runs axe-core on an element and returns the violations as `rule: target` strings. */
export async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, {
    // A component rendered alone is not a page: page-level rules do not apply to it.
    rules: { region: { enabled: false } },
  });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
