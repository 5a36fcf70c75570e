// Route guards. A partner token opens partner routes only, a staff token staff routes only:
// each looks its token up under its own kind.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../db';
import { AppError, MESSAGES, notAuthorized } from '../../errors';
import { bearerOf } from '../../plugins/public-client';
import type { StaffRole } from '../staff/service';
import { findStaffById } from '../staff/service';
import { authenticate } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    partnerId?: number;
    staffId?: number;
  }
}

export function requirePartner(db: Db): onRequestAsyncHookHandler {
  return async (request) => {
    request.partnerId = await authenticate(db, 'partner', bearerOf(request));
  };
}

export function requireStaff(db: Db, roles?: readonly StaffRole[]): onRequestAsyncHookHandler {
  return async (request) => {
    const staffId = await authenticate(db, 'staff', bearerOf(request));
    const staff = await findStaffById(db, staffId);
    // Deactivation ends every session at once; this also shuts a token issued by a sign-in that
    // was already under way when the account was deactivated.
    if (!staff || staff.status !== 'active') throw notAuthorized();
    if (roles && !roles.includes(staff.role)) throw new AppError(403, MESSAGES.forbidden);
    request.staffId = staffId;
  };
}

/** The id a guard put on the request; a route without its guard is a programming error. */
export function partnerIdOf(request: { partnerId?: number }): number {
  if (request.partnerId === undefined) throw new Error('route is missing requirePartner');
  return request.partnerId;
}

export function staffIdOf(request: { staffId?: number }): number {
  if (request.staffId === undefined) throw new Error('route is missing requireStaff');
  return request.staffId;
}
