import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { nowIso } from '../../db/dialect';
import type { NewPartner, Partner } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { countPartners, insertPartner } from './repository';

export type PartnerInput = Omit<NewPartner, 'id' | 'uuid' | 'password_hash' | 'created_at' | 'updated_at'> & {
  password: string;
};

export async function createPartnerAccount(db: Db, input: PartnerInput): Promise<Partner> {
  const { password, ...fields } = input;
  const now = nowIso();
  return insertPartner(db, {
    ...fields,
    email: fields.email.trim().toLowerCase(),
    uuid: randomUUID(),
    password_hash: await hashPassword(password),
    created_at: now,
    updated_at: now,
  });
}

export { countPartners };
