// The unsubscribe link of a program mail (docs/product/engagement.md#mail-a-partner-receives, docs/decisions/026): the token stands for
// the partner's sign-in, so these calls carry no credential at all, as a mail client's one-click
// POST carries none.
import { api, ApiError } from '../../lib/api';
import type { z } from 'zod';
import type { unsubscribeAnswer } from '../../../common/contracts/program-mail';
import type { MailSwitchChange } from '../../components/MailSwitches';

// The answer's type is the server's schema (common/contracts/program-mail.ts).
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>['data'];

export const unsubscribeKey = (token: string) => ['unsubscribe', token] as const;

/**
 * Switches off the kind of mail the link came with (`POST /api/unsubscribe`). No abort signal: a
 * query whose signal was read is cancelled and asked again when React mounts the page twice in
 * development, and this must be posted once.
 */
export const unsubscribe = async (token: string) =>
  (await api.post<z.infer<typeof unsubscribeAnswer>>('/api/unsubscribe', { token }, { auth: 'none' })).data;

/** Sets switches with the link's token (`PUT /api/unsubscribe`): the undo and the other switches. */
export const setSwitchesWithToken = async (token: string, switches: MailSwitchChange) =>
  (
    await api.put<z.infer<typeof unsubscribeAnswer>>(
      '/api/unsubscribe',
      { token, switches },
      { auth: 'none' },
    )
  ).data;

/** An unknown token (404) or one that is not a token at all (422): the link itself is wrong. */
export const isWrongLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 422);
