import { useMutation } from '@tanstack/react-query';
import { publicApi } from '@portal/shared/api';
import { NewsletterSignupResultSchema, type NewsletterSignupInput } from '@portal/shared/schemas/account';

/** Open to visitors too: the unauthenticated client. */
export const useNewsletterSignUp = () =>
  useMutation({ mutationFn: (body: NewsletterSignupInput) => publicApi().post('/newsletter', { body, schema: NewsletterSignupResultSchema }) });
