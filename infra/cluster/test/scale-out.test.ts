// The scale-out tests (issue 17) on ONE topology, started once for all of them (a start-up costs
// more than most of the cases): a private PostgreSQL, a real SMTP server, Redis under a prefix of
// this run, nginx in front of two instances. The order matters: the restart of PostgreSQL leaves both
// instances up; the crash kills one, so it comes last.
import { afterAll, beforeAll } from 'vitest';
import { CRASH_ENV, crashCases } from './cases/crash';
import { postgresRestartCases } from './cases/postgres-restart';
import { TWO_INSTANCE_ENV, twoInstanceCases } from './cases/two-instances';
import { startClusterFixture, type ClusterFixture } from './support/cluster-fixture';

let f: ClusterFixture | undefined;
const fixture = () => {
  if (!f) throw new Error('the cluster did not start (see the beforeAll error)');
  return f;
};

beforeAll(async () => {
  f = await startClusterFixture({ postgres: 55432, nginx: 8310 }, { ...TWO_INSTANCE_ENV, ...CRASH_ENV });
});
afterAll(async () => {
  await f?.stop();
});

twoInstanceCases(fixture);
postgresRestartCases(fixture);
crashCases(fixture);
