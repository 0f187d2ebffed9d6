// The access check's answers (plugins/access-state.ts), kept a few seconds per instance so that a
// signed-in request whose answer is known reads nothing from the database (issue 45, decision 091).
//
// "At once" is kept the way the catalogue cache keeps its answers fresh (decision 042), with its
// mechanism (`Database.listen`: a connection of its own, a heartbeat, reconnection): migration
// 0043's statement triggers NOTIFY `portal_access` when a membership's role or deactivation changes
// or it is deleted, a user is disabled (locked, closed) or deleted, an organisation's contracts change,
// or an integration client is revoked or deleted, whoever writes (the API, the operator's command, the
// retention job, an import, psql). On a notification every instance drops every answer: such changes
// are rare, and one statement per signed-in caller is what dropping costs. An answer being read when
// a change arrives is not kept (it may predate the change). While the listening connection is down,
// nothing is kept or served (every request reads the database), and coming back starts empty.
//
// The instance that writes the change does not wait for its own notification (it may arrive after
// the writer's response): the triggers also raise a notice that reaches the writing statement before
// it returns (`Database.onNotice`), and the instance then reads the database for one TTL, whatever
// arrives meanwhile (its transaction may not have committed yet, or may roll back). So a demoted
// administrator's very next request on the instance that demoted them is refused; on every other
// instance, the next request after the notification arrives (milliseconds after the commit: a request
// meeting an instance before that is answered as if it had come just before the commit).
//
// The time-to-live is the safety net for what no notification can say: the contract's date window
// (`current_date` rolls over at midnight: a contract starts or ends up to the TTL late), and a
// connection that died without a word, between the cut and the heartbeat giving it up (up to 7 s).
// Only answers that let the caller in are kept: a refusal reads the database again next time.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Caller } from '../caller';
import type { Database } from '../db/client';
import type { AccessCheck, AccessState } from './access-state';

export const ACCESS_CHANNEL = 'portal_access';
/** The notice migration 0043's triggers raise in the writing session. */
export const ACCESS_NOTICE = 'portal_access_changed';
/** The payload prefix of a notification an instance sends itself to learn it has heard everything before it. */
const FENCE = 'fence:';

export interface AccessCache {
  /** The access check, answered from the entry when one is fresh. */
  check: AccessCheck;
  /**
   * Resolves once this instance has heard every change committed before the call (PostgreSQL delivers
   * a listener's notifications in commit order: its own one sent now arrives after them). At once
   * while not listening (nothing is served from the cache then) or with the cache off.
   */
  settled(): Promise<void>;
  /** Stops listening (before the database closes). */
  close(): Promise<void>;
}

export interface AccessCacheOptions {
  /** How long an answer is kept at most, in ms; 0 turns the cache off (every request reads the database). */
  ttlMs: number;
  /** Answers kept at most (least recently used go first). */
  max?: number;
  /** The clock (ms), for the tests of the time-to-live. */
  now?: () => number;
}

interface Entry {
  state: AccessState;
  expires: number;
}

/** What the answer depends on in the token (the role it reads is not: it is read, never taken from the token). */
function keyOf(caller: Caller, withContract: boolean): string | undefined {
  const contract = withContract ? 'c' : '-';
  if (caller.kind === 'integration') return `i|${caller.clientId}|${contract}`;
  if (caller.kind === 'customer' && caller.organisationId) return `m|${caller.userId}|${caller.organisationId}|${contract}`;
  if (caller.kind === 'customer' || caller.kind === 'staff') return `u|${caller.userId}|${contract}`;
  // Anonymous and public callers are not looked up at all.
  return undefined;
}

export async function createAccessCache(database: Pick<Database, 'listen' | 'onNotice' | 'db'>, load: AccessCheck, options: AccessCacheOptions): Promise<AccessCache> {
  if (options.ttlMs <= 0) return { check: load, settled: async () => undefined, close: async () => undefined };
  const now = options.now ?? Date.now;
  const entries = new LRUCache<string, Entry>({ max: options.max ?? 10_000 });
  let listening = false;
  // This instance wrote a change (its notice): read the database until then, whatever arrives before.
  let readUntil = -Infinity;
  // Bumped by every change: an answer read before a change is not kept after it.
  let generation = 0;
  const fences = new Map<string, () => void>();
  const loading = new Map<string, Promise<AccessState>>();
  const dropAll = () => {
    generation++;
    entries.clear();
    loading.clear();
  };
  database.onNotice((message) => {
    if (message !== ACCESS_NOTICE) return;
    dropAll();
    readUntil = now() + options.ttlMs;
  });
  const stop = await database.listen(
    ACCESS_CHANNEL,
    (payload) => {
      if (!payload.startsWith(FENCE)) return dropAll();
      const done = fences.get(payload);
      fences.delete(payload);
      done?.();
    },
    (up) => {
      // Down or back: notifications may have been missed meanwhile.
      dropAll();
      listening = up;
      // Nothing is served while down: whoever waits for this instance to catch up need not wait.
      if (up) return;
      const waiting = [...fences.values()];
      fences.clear();
      for (const done of waiting) done();
    },
  );
  return {
    check(caller, withContract) {
      const key = keyOf(caller, withContract);
      if (!key || !listening || now() < readUntil) return load(caller, withContract);
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return Promise.resolve(hit.state);
      // Concurrent misses of one caller share one statement (200 requests of one buyer at once, the
      // moment an entry expires, would otherwise each send it). A change drops the shared read too:
      // those already waiting get it, later callers read again.
      const shared = loading.get(key);
      if (shared) return shared;
      const read = generation;
      const pending = load(caller, withContract).then((state) => {
        if (loading.get(key) === pending) loading.delete(key);
        if (state.active && listening && read === generation && now() >= readUntil) entries.set(key, { state, expires: now() + options.ttlMs });
        return state;
      });
      pending.catch(() => loading.get(key) === pending && loading.delete(key));
      loading.set(key, pending);
      return pending;
    },
    settled() {
      if (!listening) return Promise.resolve();
      // Unique across instances: every instance hears every instance's fences, and ignores the others'.
      const payload = `${FENCE}${randomUUID()}`;
      const heard = new Promise<void>((resolve) => fences.set(payload, resolve));
      return database.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${payload})`).then(() => heard);
    },
    close: stop,
  };
}
