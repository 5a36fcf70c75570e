// The dashboard's contact-details prompt (docs/product/partners-and-accounts.md#the-partner-profile):
// whether it is due, from the profile the shell holds, and "Not now" (POST /api/contact-form/cancel),
// whose answer goes into that profile at once so the card goes without reading /api/get again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { contactFormAnswer } from '../../../common/contracts/accounts';
import { contactFormDue } from '../../../common/contact-form';
import { api } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY, type PortalUser } from '../../lib/current-user';

export type ContactFormFlags = z.infer<typeof contactFormAnswer>['data'];

/**
 * Whether the prompt shows for this profile now. A profile without the flags (an answer that
 * predates them) shows nothing: only a profile saying it is not filled is asked.
 */
export function contactFormShown(user: PortalUser | null, now: Date = new Date()): boolean {
  if (!user || user.contact_form_filled !== false) return false;
  return contactFormDue(
    { contact_form_filled: false, contact_form_cancelled_date: user.contact_form_cancelled_date ?? null },
    now,
  );
}

export function usePutOffContactForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<z.infer<typeof contactFormAnswer>>('/api/contact-form/cancel')).data,
    onSuccess: (flags) =>
      queryClient.setQueryData<PortalUser>(CURRENT_USER_QUERY_KEY, (user) =>
        user ? { ...user, ...flags } : user,
      ),
  });
}
