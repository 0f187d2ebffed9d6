import { describe, expect, it } from 'vitest';
import { liveLineage, type HistoryEntry } from './history';

const step = (app: string, action: HistoryEntry['action'], to: string): HistoryEntry => ({
  at: '2030-01-01T00:00:00.000Z',
  environment: 'production',
  app,
  action,
  from: null,
  to,
  by: 'x',
  reason: '',
});

describe('liveLineage', () => {
  it('stacks deploys and pops on rollbacks, per app', () => {
    const entries = [
      step('catalog', 'deploy', 'a'),
      step('orders', 'deploy', 'z'),
      step('catalog', 'deploy', 'b'),
      step('catalog', 'deploy', 'c'),
      step('catalog', 'rollback', 'b'),
    ];
    expect(liveLineage(entries, 'catalog')).toEqual(['a', 'b']);
    expect(liveLineage(entries, 'orders')).toEqual(['z']);
  });

  it('pushes a rollback to a version never live before, and ignores canary steps', () => {
    const entries = [step('catalog', 'deploy', 'a'), step('catalog', 'canary', 'x'), step('catalog', 'rollback', 'old')];
    expect(liveLineage(entries, 'catalog')).toEqual(['a', 'old']);
  });
});
