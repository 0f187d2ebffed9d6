// Setup of the DOM test project (ui and session): unmount rendered trees between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// As for page tests (testing/setup.ts): wait for states longer than 1 s on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
