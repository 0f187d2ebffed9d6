// The organisation switch (decision 057): a person who belongs to several organisations moves their
// session to another one. The session stays one sign-in (one refresh-token family, its absolute end
// unchanged); its refresh token is rotated and the new access token names the chosen organisation.
import { ORGANISATION_SWITCH_ERRORS, type MemberOrganisationList, type OrganisationSwitchInput, type TokenResponse } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { hashToken } from '../../../common/crypto';
import { newRefreshToken, type TokenSigner } from '../../../common/access-tokens';
import { requireCustomer } from '../../../common/scope';
import type { Env } from '../../../env';
import { AppError } from '../../../errors';
import type { OrganisationSwitchRepository } from './organisation-switch.repository';

const STAFF_REFUSAL = { code: ORGANISATION_SWITCH_ERRORS.CUSTOMERS_ONLY, message: 'Only customer accounts act for an organisation' };

export function createOrganisationSwitchService(deps: {
  repo: OrganisationSwitchRepository;
  signer: TokenSigner;
  env: Pick<Env, 'refreshTokenTtlSeconds' | 'refreshSessionMaxSeconds'>;
}) {
  const { repo, signer, env } = deps;
  return {
    /** The organisations the caller may act for; staff and visitors' sessions have none. */
    async list(caller: Caller): Promise<MemberOrganisationList> {
      if (caller.kind !== 'customer') return { organisations: [] };
      const rows = await repo.activeMemberships(caller);
      return { organisations: rows.map((row) => ({ ...row, current: row.id === caller.organisationId })) };
    },

    async switchTo(caller: Caller, input: OrganisationSwitchInput, context: { ip: string; requestId: string }): Promise<TokenResponse> {
      const customer = requireCustomer(caller, STAFF_REFUSAL);
      const refreshToken = newRefreshToken();
      const result = await repo.switchSession(
        customer,
        {
          organisationId: input.organisation_id,
          presentedHash: hashToken(input.refresh_token),
          next: {
            tokenHash: hashToken(refreshToken),
            expiresAt: new Date(Date.now() + env.refreshTokenTtlSeconds * 1000),
            sessionMaxMs: env.refreshSessionMaxSeconds * 1000,
          },
        },
        context,
      );
      if (result.outcome === 'not-member') {
        throw new AppError(403, ORGANISATION_SWITCH_ERRORS.NOT_A_MEMBER, 'You are not an active member of this organisation');
      }
      if (result.outcome === 'session-invalid') {
        throw new AppError(400, ORGANISATION_SWITCH_ERRORS.SESSION_INVALID, 'The refresh token is not the current one of this session; sign in again');
      }
      const accessToken = await signer.sign({ sub: customer.userId, org: input.organisation_id, role: result.role, sid: result.familyId });
      return { access_token: accessToken, token_type: 'Bearer', expires_in: signer.ttlSeconds, refresh_token: refreshToken };
    },
  };
}

export type OrganisationSwitchService = ReturnType<typeof createOrganisationSwitchService>;
