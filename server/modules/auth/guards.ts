// Route guards. A partner token opens partner routes only, a staff token staff routes only:
// each looks its token up under its own kind.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Db } from '../../db';
import { AppError, notAuthorized } from '../../errors';
import { bearerOf } from '../../plugins/public-client';
import type { StaffRole } from '../../../common/staff-roles';
import { authenticate, authenticateStaff } from './service';

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
    // One read: the token, the account and the second-factor state (decisions/046).
    const staff = await authenticateStaff(db, bearerOf(request));
    // Deactivation ends every session at once; this also shuts a token issued by a sign-in that
    // was already under way when the account was deactivated.
    if (staff.status !== 'active') throw notAuthorized();
    // When admins require a second factor, a staff member without one reaches nothing else until
    // they set it up (decisions/035). `errors.two_factor` tells the SPA to take them there.
    if (!options.duringEnrolment && staff.twoFactor.required && !staff.twoFactor.enabled) {
      throw new AppError(403, 'two_factor.enrolment_required', {
        errors: { two_factor: ['two_factor.enrolment_required'] },
      });
    }
    if (roles && !roles.includes(staff.role)) throw new AppError(403, 'forbidden');
    request.staffId = staff.staffId;
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
