// Route guards. A partner token opens partner routes only, a staff token staff routes only:
// each looks its token up under its own kind.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../db';
import { API_MESSAGES, AppError, MESSAGES, notAuthorized } from '../../errors';
import { bearerOf } from '../../plugins/public-client';
import type { StaffRole } from '../staff/service';
import { findStaffById } from '../staff/service';
import { mustEnrol } from '../staff-totp/service';
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

export function requireStaff(
  db: Db,
  roles?: readonly StaffRole[],
  /** The few routes open while the program requires a second factor not set up yet: /me, sign-out, enrolment. */
  options: { duringEnrolment?: boolean } = {},
): onRequestAsyncHookHandler {
  return async (request) => {
    const staffId = await authenticate(db, 'staff', bearerOf(request));
    const staff = await findStaffById(db, staffId);
    // Deactivation ends every session at once; this also shuts a token issued by a sign-in that
    // was already under way when the account was deactivated.
    if (!staff || staff.status !== 'active') throw notAuthorized();
    // When admins require a second factor, a staff member without one reaches nothing else until
    // they set it up (decisions/035). `errors.two_factor` tells the SPA to take them there.
    if (!options.duringEnrolment && (await mustEnrol(db, staffId))) {
      throw new AppError(403, API_MESSAGES.two_factor.enrolment_required, { two_factor: [API_MESSAGES.two_factor.enrolment_required] });
    }
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
