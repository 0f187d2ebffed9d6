import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@portal/build/vitest';

// The registration journey types into some twenty fields (20 s on a loaded 2-core machine).
export default defineConfig(remoteTestConfig({ testTimeout: 60_000 }));
