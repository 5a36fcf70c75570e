// Secrets that decisions §2 lets the operator leave unset: generated on first start and kept
// in the database, so every server node of one program agrees on them.
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import { parsePayloadKey } from '../../config';
import type { Db } from '../../db';
import { insertSettingOnce, readSettings, replaceSetting } from './repository';

export { insertSettingOnce, replaceSetting };

export interface ProgramSecrets {
  publicClientToken: string;
  userPayloadKey: Buffer;
  /** Signs the human-check challenges; never leaves the server. */
  altchaSecret: string;
  /** Seals the partners' social tokens (decisions §14). */
  integrationsKey: Buffer;
}

export async function resolveProgramSecrets(db: Db, config: Config): Promise<ProgramSecrets> {
  const publicClientToken =
    config.publicClientToken ??
    (await insertSettingOnce(db, 'public_client_token', randomBytes(32).toString('base64url')));
  const storedKey = config.userPayloadKey
    ? undefined
    : await insertSettingOnce(db, 'user_payload_key', `base64:${randomBytes(32).toString('base64')}`);
  const userPayloadKey = config.userPayloadKey ?? parsePayloadKey(storedKey!);
  if (!userPayloadKey) throw new Error('The stored user_payload_key setting is not a 32-byte base64 key');
  const altchaSecret = await insertSettingOnce(db, 'altcha_hmac_secret', randomBytes(32).toString('hex'));
  const storedIntegrationsKey = config.integrationsKey
    ? undefined
    : await insertSettingOnce(db, 'integrations_key', `base64:${randomBytes(32).toString('base64')}`);
  const integrationsKey = config.integrationsKey ?? parsePayloadKey(storedIntegrationsKey!);
  if (!integrationsKey) throw new Error('The stored integrations_key setting is not a 32-byte base64 key');
  return { publicClientToken, userPayloadKey, altchaSecret, integrationsKey };
}

/** The program's payout rules (decisions §7, §11): staff edit them in the back office's settings. */
export interface PayoutRules {
  minimumCents: number;
  managerThresholdCents: number;
}

export const DEFAULT_PAYOUT_RULES: PayoutRules = { minimumCents: 2_500, managerThresholdCents: 50_000 };

/** Where each payout rule is kept in the settings table. */
export const PAYOUT_RULE_KEYS = { minimumCents: 'minimum_payout_cents', managerThresholdCents: 'manager_threshold_cents' } as const;

/** The payout rules from their stored settings (as text, or absent), defaults where unset or unreadable. */
export function payoutRulesOf(stored: Partial<Record<keyof PayoutRules, string | null>>): PayoutRules {
  const cents = (key: keyof PayoutRules) => {
    const value = Number(stored[key] ?? Number.NaN);
    return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_PAYOUT_RULES[key];
  };
  return { minimumCents: cents('minimumCents'), managerThresholdCents: cents('managerThresholdCents') };
}

/** The payout rules, in one read. */
export async function readPayoutRules(db: Db): Promise<PayoutRules> {
  const stored = await readSettings(db, Object.values(PAYOUT_RULE_KEYS));
  return payoutRulesOf({ minimumCents: stored.get(PAYOUT_RULE_KEYS.minimumCents), managerThresholdCents: stored.get(PAYOUT_RULE_KEYS.managerThresholdCents) });
}
