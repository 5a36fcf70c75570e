// The partner's profile picture (docs/product/partner-portal.md and docs/product/errors-and-languages.md#the-api-conventions, docs/product/links-and-integrations.md#profile-picture): checked and re-encoded by
// the content module as its uploads are (a 512×512 WebP, the centre of a picture that is not
// square), then set as `user_picture`; the picture it replaces is removed.
import type { AppContext } from '../../context';
import { nowIso } from '../../db/dialect';
import type { Partner } from '../../db/schema';
import { currentPartner } from '../auth/service';
import { discardProfilePicture, mediaDirs, storeProfilePicture } from '../content/service';
import { replacePartnerPicture } from '../partners/service';

/** Stores the picture and makes it the partner's; answers the partner as changed. */
export async function setProfilePicture(ctx: AppContext, partnerId: number, bytes: Buffer): Promise<Partner> {
  const partner = await currentPartner(ctx.db, partnerId);
  // A refused picture stops here, before anything is stored or changed.
  const url = await storeProfilePicture(ctx.db, mediaDirs(ctx.config.dataDir), partner.uuid, bytes);
  try {
    return await replacePicture(ctx, partner, url);
  } catch (error) {
    // Not kept when it could not be set (unless a change of the partner's own set it meanwhile).
    if ((await currentPartner(ctx.db, partnerId).catch(() => undefined))?.user_picture !== url) {
      await discardProfilePicture(ctx.db, mediaDirs(ctx.config.dataDir), url).catch(() => undefined);
    }
    throw error;
  }
}

/** Back to the fallback (the social picture, else the initials). */
export async function removeProfilePicture(ctx: AppContext, partnerId: number): Promise<Partner> {
  return replacePicture(ctx, await currentPartner(ctx.db, partnerId), null);
}

const ATTEMPTS = 5;

/**
 * Sets `user_picture` by a conditional update from the value just read, again from the new one
 * when another change (another tab) came first: each change knows the exact picture it replaced
 * and removes it. The names are the partner's own (see profilePictureMediaName), so nobody else
 * can be using it.
 */
async function replacePicture(ctx: AppContext, partner: Partner, to: string | null): Promise<Partner> {
  let current = partner;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const from = current.user_picture;
    if (from === to) return current;
    const changed = await replacePartnerPicture(ctx.db, current.id, from, to, nowIso());
    if (changed) {
      // After the commit: a failure here leaves a file nobody points at, never a partner without theirs.
      if (from) await discardProfilePicture(ctx.db, mediaDirs(ctx.config.dataDir), from);
      return changed;
    }
    current = await currentPartner(ctx.db, current.id);
  }
  throw new Error(`the profile picture of partner ${partner.id} kept changing`);
}
