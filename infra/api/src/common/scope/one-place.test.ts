// The rules of who sees what, who may administer or approve, the customers-only guard, the quotation
// refusals and the advisory-lock keys are written once (common/scope, common/locks; decisions 037,
// 060). This reads the modules' source and fails when one of them writes such a rule out again, as
// five copies did before and disagreed (and four ways of deciding who is an administrator, issue 40).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What a copy looks like, and why it belongs elsewhere. */
const COPIES: { pattern: RegExp; what: string }[] = [
  { pattern: /pg_advisory_xact_lock\(hashtext/, what: 'an advisory-lock key (common/locks.ts)' },
  { pattern: /case_manager_id = \$\{/, what: "staff's assigned organisations (common/scope/organisation.ts)" },
  { pattern: /organisation_id is null and [a-z]*\.?user_id = \$\{/, what: "a web-shop customer's own rows (common/scope)" },
  { pattern: /(from|join) (orders|quotations|addresses)\b.*organisation_id = \$\{/, what: "an organisation's orders, quotations or addresses (common/scope)" },
  { pattern: /eq\((orders|quotations|addresses)\.organisationId, /, what: "an organisation's orders, quotations or addresses (common/scope)" },
  { pattern: /AppError\(403, [A-Z_]+\.CUSTOMERS_ONLY/, what: 'the customers-only guard (common/scope/customers-only.ts)' },
  { pattern: /AppError\(.*CHECKOUT_ERRORS\.QUOTATION_(NOT_FOUND|ORDERED|EXPIRED|NOT_ACCEPTED)/, what: 'a quotation refusal (common/scope/quotations.ts)' },
  { pattern: /[!=]==?\s*'(admin|approver)'|'(admin|approver)'\s*[!=]==?/, what: 'who may administer or approve (common/scope/authority.ts)' },
  { pattern: /memberships\.role, '|\brole(::text)? (=|<>|in \() ?'(admin|approver)'/, what: 'who may administer or approve, in a query (common/scope/authority.ts rolesWith)' },
];

/** Where a rule is written on purpose; the seed and the test helpers write as the system, for no caller. */
const OWNERS = ['common/scope/', 'common/locks.ts', 'seed/', 'test-support/'];

describe('who sees what is written in one place', () => {
  it('no module, plugin or building block writes a scope rule, an authority, the guard, a quotation refusal or a lock key again', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const name = relative(SRC, file);
      if (OWNERS.some((owner) => name.startsWith(owner))) continue;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const copy of COPIES) if (copy.pattern.test(line)) found.push(`${name}:${i + 1}: ${copy.what}`);
      });
    }
    expect(found).toEqual([]);
  });
});
