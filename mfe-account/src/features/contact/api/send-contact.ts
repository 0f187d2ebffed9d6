import { useMutation } from '@tanstack/react-query';
import { portalApi } from '@portal/shared/api';
import { ContactSentSchema, type ContactForm } from '@portal/shared/schemas/account';

export const useSendContact = () => useMutation({ mutationFn: (body: ContactForm) => portalApi().post('/contact', { body, schema: ContactSentSchema }) });
