// POST /api/v1/auth/register through the unauthenticated client, for the contract portal (these
// accounts belong to it). The request type comes from the full schemas entry: only the registration
// page, which validates phone and VAT anyway, loads it.
import { publicApi } from '@portal/shared/api';
import type { RegisterRequest } from '@portal/shared/schemas';
import { RegisterResponseSchema } from '@portal/shared/schemas/auth';

export const register = (body: RegisterRequest) => publicApi({ shop: 'portal' }).post('/auth/register', { body, schema: RegisterResponseSchema });
