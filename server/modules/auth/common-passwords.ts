// Decisions §4: the 1,000 most common passwords are refused. The ranked list is zxcvbn's
// (most common first); its first thousand entries are the ones we refuse.
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 1000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
