// Issue 44.2: a buyer who opens the cost centres or the approval rules reads a refusal about that
// page, not the users admin's ("only administrators can manage users", advice on inviting users).
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { ACCOUNT_ERRORS, APPROVAL_ERRORS } from '@portal/shared/schemas/account';
import { renderAccountPage } from '../test-support/account-page';
import fr from '../messages/fr.json';
import ApprovalRulesPage from './approval-rules';
import CostCentresPage from './cost-centres';

const FR = fr as Record<string, string>;
let api: ApiServer;
const forbidden = (code: string) => ({ status: 403, contentType: 'application/problem+json', body: { title: 'Forbidden', status: 403, code } });

beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path.startsWith('/cost-centres') || path === '/users') return forbidden(ACCOUNT_ERRORS.ADMINS_ONLY);
    if (path.startsWith('/approval-rules')) return forbidden(APPROVAL_ERRORS.ADMINS_ONLY);
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

function expectNoUsersRefusal() {
  expect(screen.queryByText(FR['account.users.adminsOnly.title']!)).toBeNull();
  expect(screen.queryByText(FR['account.users.adminsOnly.message']!)).toBeNull();
}

describe('refusals of their own', () => {
  it('the cost centres say only administrators manage cost centres', async () => {
    await renderAccountPage(<CostCentresPage />, '/fr/user/cost-centres');
    expect(await screen.findByText('Seuls les administrateurs peuvent gérer les centres de coûts')).toBeTruthy();
    expect(screen.getByText(FR['account.budgets.adminsOnly.message']!)).toBeTruthy();
    expectNoUsersRefusal();
  });

  it('the approval rules say only administrators manage approval rules', async () => {
    await renderAccountPage(<ApprovalRulesPage />, '/fr/user/approval-rules');
    expect(await screen.findByText('Seuls les administrateurs peuvent gérer les règles d’approbation')).toBeTruthy();
    expectNoUsersRefusal();
  });
});
