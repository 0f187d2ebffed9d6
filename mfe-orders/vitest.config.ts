import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@portal/build/vitest';

export default defineConfig(remoteTestConfig());
