// Solves the server's human-check challenge the way the browser widget does.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../app';

export async function solvedAltcha(app: App, clientToken: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/altcha/challenge',
    headers: { authorization: `Bearer ${clientToken}` },
  });
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
