import { Alert, Box, Loader, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Button } from '../button/button';

/** Props of StateRegion. */
export interface StateRegionProps {
  /** Where the data stands (a TanStack Query `status`). */
  status: 'pending' | 'error' | 'success';
  /** Whether the loaded data is empty: then `empty` is shown instead of the children. */
  isEmpty?: boolean;
  /** Accessible name of the loading state ("Loading products"). */
  loadingLabel: string;
  /** How loading looks: a spinner, or this many skeleton rows standing in for a list. */
  skeletonRows?: number;
  /** Title of the error alert ("The products could not be loaded."). */
  errorTitle: ReactNode;
  /** Refetches after an error; shows a button labelled `retryLabel`. */
  onRetry?: () => void;
  /** Label of the retry button ("Try again"). */
  retryLabel?: ReactNode;
  /** What to say when the data is empty (a text, or an alert with a way out). */
  empty?: ReactNode;
  /** The loaded content. */
  children?: ReactNode;
}

/**
 * The loading, error and empty states of a region that shows fetched data, the same on every page:
 * loading is a labelled status (a spinner or skeleton rows), an error is an alert with a retry, an
 * empty result says so; otherwise the children. Render the page's heading outside it, so the page
 * keeps its structure while loading.
 */
export function StateRegion({
  status,
  isEmpty = false,
  loadingLabel,
  skeletonRows,
  errorTitle,
  onRetry,
  retryLabel,
  empty,
  children,
}: StateRegionProps) {
  if (status === 'pending') {
    return skeletonRows ? (
      <Stack gap="sm" role="status" aria-label={loadingLabel} aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, n) => (
          <Skeleton key={n} height={56} radius="sm" />
        ))}
      </Stack>
    ) : (
      <Box role="status" aria-label={loadingLabel}>
        <Loader aria-hidden />
      </Box>
    );
  }
  if (status === 'error') {
    return (
      <Alert color="red.9" variant="light" role="alert" title={errorTitle}>
        {onRetry && retryLabel ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : null}
      </Alert>
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
