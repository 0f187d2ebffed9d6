// Every shell test file: findBy* and waitFor wait for a state up to 10 s instead of Testing Library's
// 1 s. The header's cart count waited for a real HTTP answer that took longer than 1 s beside the
// other suites on two loaded cores (CI, load 27); waiting longer costs nothing when the state comes.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
