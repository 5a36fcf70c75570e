// A sign-up finished as its owner finishes it (docs/decisions/060-registration-without-oracle.md):
// `PUT /api/add` makes no account; the link mailed to the address does, and answers a session.
import type { App } from '../app';
import { lastLinkToken } from './mailbox';

export interface FinishedSignUp {
  token: string;
  expired: string;
}

/**
 * Follows the newest sign-up link mailed to `email` (outbox under `dataDir`) with the password
 * chosen at sign-up (the test registrations' by default): the account's session.
 */
export async function finishSignUp(
  app: Pick<App, 'inject'>,
  dataDir: string,
  email: string,
  publicClient: string,
  password = 'gummies-for-breakfast',
): Promise<FinishedSignUp> {
  const link = await lastLinkToken(dataDir, email.toLowerCase(), 'verify_email');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify_email',
    headers: { authorization: `Bearer ${publicClient}` },
    payload: { token: link, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up link refused: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { token?: string; expired?: string };
  if (!data.token || !data.expired) throw new Error(`the link of ${email} was no sign-up's: ${res.body}`);
  return { token: data.token, expired: data.expired };
}
