import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { endSession } from '../../lib/query-client';
import { notifyInfo, toast } from '../../lib/toast';
import {
  COUNTDOWN_TICK_MS,
  formatCountdown,
  systemClock,
  useInactivity,
  type InactivityClock,
} from './inactivity';

export const INACTIVITY_WARNING_TOAST_ID = 'inactivity-warning';
export const INACTIVITY_LOGOUT_TOAST_ID = 'inactivity-logout';

/**
 * Watches the partner's activity inside the account shell (docs/product/partner-portal.md#session): shows the warning
 * toast with a live countdown, and ends the session when it runs out or is closed.
 */
export function InactivityWatcher({ clock = systemClock }: { clock?: InactivityClock }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const loggedOut = useRef(false);
  const autoLogout = useCallback(() => {
    // Once: dismissing the warning from inside its own onClose calls onClose again.
    if (loggedOut.current) return;
    loggedOut.current = true;
    // The bearer is read before the session is cleared; the answer does not matter.
    void api.get('/api/auth/logout').catch(() => undefined);
    endSession(queryClient, (path) => void navigate(path));
    toast.dismiss(INACTIVITY_WARNING_TOAST_ID);
    notifyInfo(t('session.inactivity_logged_out'), {
      toastId: INACTIVITY_LOGOUT_TOAST_ID,
      autoClose: false,
      closeOnClick: false,
    });
  }, [navigate, queryClient, t]);

  const { warningDeadline } = useInactivity({ onTimeout: autoLogout, clock });

  useEffect(() => {
    if (warningDeadline === null) return;
    let dismissedByUs = false;
    toast.warning(<InactivityCountdown deadline={warningDeadline} clock={clock} />, {
      toastId: INACTIVITY_WARNING_TOAST_ID,
      autoClose: false,
      closeOnClick: false,
      draggable: false,
      // `true` is the close button (AppToaster's closeToast(true)): closing it ends the session.
      onClose: (reason) => {
        if (!dismissedByUs && reason === true) autoLogout();
      },
    });
    return () => {
      dismissedByUs = true;
      toast.dismiss(INACTIVITY_WARNING_TOAST_ID);
    };
  }, [warningDeadline, clock, autoLogout]);

  return null;
}

function InactivityCountdown({ deadline, clock }: { deadline: number; clock: InactivityClock }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const handle = clock.setInterval(() => setNow(clock.now()), COUNTDOWN_TICK_MS);
    return () => clock.clearInterval(handle);
  }, [clock]);
  return (
    <div data-testid="inactivity-warning">
      <p className="font-semibold">{t('session.inactivity_title')}</p>
      <p>
        {t('session.inactivity_warning')}{' '}
        <span className="font-mono tabular-nums" data-testid="inactivity-countdown">
          {formatCountdown(deadline - now)}
        </span>
      </p>
    </div>
  );
}
