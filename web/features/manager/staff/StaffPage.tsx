// /manager/staff (admins, issue 13): who can open the back office and with which role. Admins
// invite people by e-mail (they choose their own password from the mailed link), change roles,
// deactivate (signed out at once) and reactivate, and send an invitation again. The server keeps
// the rules (the last active administrator, one's own account); the page says them up front and
// shows the server's word when a change is refused. The page number lives in the URL (?page=).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnauthorized, serverMessage } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { notifySuccess } from '../../../lib/toast';
import { PageHeading } from '../../../components/PageHeading';
import { useFormatters, useDateTime } from '../../../lib/format';
import { InviteDialog } from './InviteDialog';
import { ConfirmStatusDialog } from './ConfirmStatusDialog';
import {
  useChangeStaff,
  useStaffList,
  type StaffAccount,
  type StaffAnswer,
  type StaffChange,
} from './staff-api';
import { StatusChip } from './ui';
import { Pager } from '../../../components/pager';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { STAFF_ROLES, type StaffRole } from '../../../../common/staff-roles';
import { ListTable, tableCell } from '../../../components/table';
import { useBackInRange } from '../../../components/paged-section';
import { ListResults } from '../../../components/staff/list-results';
import { usePageParam } from '../../../lib/page-param';
import { YouChip } from '../../../components/staff/chips';
import { Notice } from '../../../components/staff/fields';

/** Why a row's role or status cannot be changed from here, if it cannot. */
function lockedReason(row: StaffAccount, activeAdmins: number): 'self' | 'last_admin' | null {
  if (row.self) return 'self';
  if (row.role === 'admin' && row.status === 'active' && activeAdmins <= 1) return 'last_admin';
  return null;
}

interface RowActions {
  activeAdmins: number;
  /** The row whose change is on its way. */
  busyId: number | null;
  onRole: (row: StaffAccount, role: StaffRole) => void;
  onResend: (row: StaffAccount) => void;
  onStatus: (row: StaffAccount) => void;
}

function RoleSelect({ row, actions }: { row: StaffAccount; actions: RowActions }) {
  const { t } = useTranslation();
  const locked = lockedReason(row, actions.activeAdmins);
  const hintId = `staff-role-hint-${row.id}`;
  return (
    <div className="w-44 shrink-0">
      <select
        value={row.role}
        onChange={(event) => actions.onRole(row, event.target.value as StaffRole)}
        disabled={locked !== null || actions.busyId === row.id}
        aria-label={t('manager.staff.role_label', { name: row.name })}
        aria-describedby={locked ? hintId : undefined}
        data-testid="staff-role"
        className="block min-h-9 w-full rounded-lg border border-stone-300 bg-white py-1.5 pr-8 pl-2.5 text-sm text-stone-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 disabled:cursor-not-allowed disabled:bg-stone-50 disabled:text-stone-500 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-100 dark:focus:outline-brand-400 dark:disabled:bg-stone-900 dark:disabled:text-stone-400"
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`manager.roles.${role}`)}
          </option>
        ))}
      </select>
      {locked ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-stone-400" data-testid="staff-locked">
          {t(`manager.staff.locked.${locked}`)}
        </p>
      ) : null}
    </div>
  );
}

function InviteLine({ row }: { row: StaffAccount }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!row.invite) return null;
  return (
    <span
      className={`mt-1 block text-xs ${row.invite.expired ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-stone-500 dark:text-stone-400'}`}
      data-testid="staff-invite"
    >
      {row.invite.expired
        ? t('manager.staff.invite_expired', { date: f.date(row.invite.expires_at) })
        : t('manager.staff.invite_valid', { date: f.date(row.invite.expires_at) })}
    </span>
  );
}

function ActionButtons({
  row,
  actions,
  stacked = false,
}: {
  row: StaffAccount;
  actions: RowActions;
  stacked?: boolean;
}) {
  const { t } = useTranslation();
  const busy = actions.busyId === row.id;
  const locked = lockedReason(row, actions.activeAdmins);
  const button =
    'inline-flex min-h-9 items-center justify-center rounded-full border px-3.5 text-[13px] font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';
  const neutral =
    'border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800';
  const danger =
    'border-red-200 bg-white text-red-700 hover:bg-red-50 dark:border-red-500/40 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950/50';
  return (
    <div className={stacked ? 'flex flex-col items-start gap-2' : 'flex flex-wrap gap-2'}>
      {row.status === 'invited' ? (
        <button
          type="button"
          className={`${button} ${neutral}`}
          onClick={() => actions.onResend(row)}
          disabled={busy}
          data-testid="staff-resend"
        >
          {t('manager.staff.resend')}
          <span className="sr-only"> · {row.name}</span>
        </button>
      ) : null}
      {row.status === 'deactivated' ? (
        <button
          type="button"
          className={`${button} ${neutral}`}
          onClick={() => actions.onStatus(row)}
          disabled={busy}
          data-testid="staff-reactivate"
        >
          {t('manager.staff.reactivate')}
          <span className="sr-only"> · {row.name}</span>
        </button>
      ) : locked ? null : (
        <button
          type="button"
          className={`${button} ${danger}`}
          onClick={() => actions.onStatus(row)}
          disabled={busy}
          data-testid="staff-deactivate"
        >
          {t('manager.staff.deactivate')}
          <span className="sr-only"> · {row.name}</span>
        </button>
      )}
    </div>
  );
}

function NameCell({ row }: { row: StaffAccount }) {
  return (
    <span className="block min-w-0">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold text-stone-900 dark:text-white" data-testid="staff-name">
          {row.name}
        </span>
        {row.self ? <YouChip /> : null}
      </span>
      <span className="block max-w-72 truncate text-xs text-muted">{row.email}</span>
    </span>
  );
}

type RowsProps = { rows: StaffAccount[]; actions: RowActions };

function StaffTable({ rows, actions }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  const td = tableCell.body;
  return (
    <ListTable
      caption={t('manager.staff.caption')}
      testId="staff-table"
      columns={(['person', 'role', 'status', 'activity', 'actions'] as const).map((key) => ({
        key,
        header: t(`manager.staff.columns.${key}`),
      }))}
    >
      {rows.map((row) => (
        <tr key={row.id} data-testid="staff-row" data-status={row.status}>
          <td className={td}>
            <NameCell row={row} />
          </td>
          <td className={td}>
            <RoleSelect row={row} actions={actions} />
          </td>
          <td className={td}>
            <StatusChip status={row.status} />
            <InviteLine row={row} />
          </td>
          <td className={`${td} whitespace-nowrap`}>
            {/* Last sign-in first (what an admin looks for), when the account was added below it. */}
            <span className="block text-stone-700 dark:text-stone-300" data-testid="staff-last-login">
              {row.last_login_at ? dateTime(row.last_login_at) : t('manager.staff.never')}
            </span>
            <span className="mt-1 block text-xs text-stone-500 dark:text-stone-400">
              {t('manager.staff.added_on', { date: f.date(row.created_at) })}
            </span>
          </td>
          <td className={td}>
            <ActionButtons row={row} actions={actions} stacked />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}

function StaffCards({ rows, actions }: RowsProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const dateTime = useDateTime();
  return (
    <ul className="space-y-2.5" aria-label={t('manager.staff.caption')}>
      {rows.map((row) => (
        <li
          key={row.id}
          data-testid="staff-row"
          data-status={row.status}
          className="rounded-xl border border-stone-200 bg-white p-3.5 dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="flex items-start justify-between gap-3">
            <NameCell row={row} />
            <span className="shrink-0">
              <StatusChip status={row.status} />
            </span>
          </div>
          <InviteLine row={row} />
          <dl className="mt-2.5 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
            <dt className="text-stone-500 dark:text-stone-400">{t('manager.staff.columns.last_login')}</dt>
            <dd className="text-stone-700 dark:text-stone-300">
              {row.last_login_at ? dateTime(row.last_login_at) : t('manager.staff.never')}
            </dd>
            <dt className="text-stone-500 dark:text-stone-400">{t('manager.staff.columns.created')}</dt>
            <dd className="text-stone-700 dark:text-stone-300">{f.date(row.created_at)}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-start gap-2 border-t border-stone-100 pt-3 dark:border-stone-800">
            <RoleSelect row={row} actions={actions} />
            <ActionButtons row={row} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function StaffPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const title = t('titles.manager_staff');
  useDocumentTitle(title);
  const { page, goTo } = usePageParam();
  const query = useStaffList(page);
  useSignOutOnUnauthorized(query.error);
  const data = query.data;
  useBackInRange(data, page, goTo);
  const signOut = useManagerSignOut();
  const change = useChangeStaff();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<StaffAccount | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const roleName = (role: StaffRole) => t(`manager.roles.${role}`);
  /** Sends a change; says how it went (a toast), or why it was refused (a notice above the list). */
  const send = (row: StaffAccount, body: StaffChange, done: (answer: StaffAnswer) => void) => {
    setFailure(null);
    change.mutate(
      { id: row.id, change: body },
      {
        onSuccess: done,
        onError: (error) => {
          if (isUnauthorized(error)) signOut();
          else setFailure(serverMessage(error) ?? t('manager.staff.change_failed'));
        },
      },
    );
  };

  const actions: RowActions = {
    activeAdmins: data?.active_admins ?? 0,
    busyId: change.isPending ? (change.variables?.id ?? null) : null,
    onRole: (row, role) =>
      send(row, { role }, () =>
        notifySuccess(t('manager.staff.role_changed', { name: row.name, role: roleName(role) })),
      ),
    onResend: (row) =>
      send(row, { resend_invite: true }, (answer) =>
        answer.mailed === false
          ? setFailure(t('manager.staff.mail_failed', { email: row.email }))
          : notifySuccess(t('manager.staff.resent', { email: row.email })),
      ),
    onStatus: (row) => {
      setFailure(null);
      change.reset();
      setConfirming(row);
    },
  };

  return (
    <>
      <PageHeading title={title} lead={t('manager.staff.lead')}>
        <button
          type="button"
          className="btn-primary mt-5"
          onClick={() => setInviting(true)}
          data-testid="staff-invite-open"
        >
          {t('manager.staff.invite_open')}
        </button>
      </PageHeading>
      {failure ? (
        <div className="mb-4">
          <Notice
            tone="error"
            testId="staff-failure"
            actions={
              <button
                type="button"
                className="btn-secondary min-h-9 px-4 py-1"
                onClick={() => setFailure(null)}
              >
                {t('manager.staff.dismiss')}
              </button>
            }
          >
            {failure}
          </Notice>
        </div>
      ) : null}
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold tracking-tight">{t('manager.staff.caption')}</h2>
        {data ? (
          <p className="text-sm text-muted" aria-live="polite" data-testid="staff-total">
            {t('manager.staff.results', { count: data.total, formatted: f.number(data.total) })}
          </p>
        ) : null}
      </div>
      <div aria-busy={query.isFetching} data-testid="staff-results">
        <ListResults
          query={query}
          testPrefix="staff"
          failedTitle={t('manager.staff.load_failed')}
          empty={{
            icon: 'users',
            title: t('manager.staff.empty_title'),
            body: t('manager.staff.empty_body'),
          }}
          rows={(rows) => ({
            table: <StaffTable rows={rows} actions={actions} />,
            cards: <StaffCards rows={rows} actions={actions} />,
          })}
        />
      </div>
      {data && data.last_page > 1 ? (
        <Pager
          page={data.current_page}
          lastPage={data.last_page}
          onPage={goTo}
          busy={query.isPlaceholderData}
          label={t('manager.staff.pages_label')}
          testPrefix="staff-pager"
        />
      ) : null}
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {confirming ? (
        <ConfirmStatusDialog
          row={confirming}
          busy={change.isPending}
          error={
            change.error && !isUnauthorized(change.error)
              ? (serverMessage(change.error) ?? t('manager.staff.change_failed'))
              : null
          }
          onConfirm={() => {
            const row = confirming;
            const next = row.status === 'deactivated' ? 'active' : 'deactivated';
            change.mutate(
              { id: row.id, change: { status: next } },
              {
                onSuccess: () => {
                  notifySuccess(
                    t(next === 'deactivated' ? 'manager.staff.deactivated' : 'manager.staff.reactivated', {
                      name: row.name,
                    }),
                  );
                  setConfirming(null);
                },
                onError: (error) => {
                  if (isUnauthorized(error)) signOut();
                },
              },
            );
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </>
  );
}
