// The ten recovery codes, shown once (after enrolment, or when new ones are made): to copy, to
// download as a text file, and to put away before going on. The server keeps only their hashes.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND } from '../../../../common/brand';
import { Icon } from '../../../components/icons';
import { copyWithToast } from '../../../lib/clipboard';
import { saveBlob } from '../../../lib/download';
import { useDateTime } from '../../../lib/format';

export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dateTime = useDateTime();
  const copy = () =>
    void copyWithToast(codes.join('\n'), {
      copied: t('manager.security.recovery.copied'),
      failed: t('manager.security.enrol.copy_failed'),
    });
  const download = () => {
    const text = [
      t('manager.security.recovery.file_heading', { program: BRAND.programName, email }),
      t('manager.security.recovery.file_note', { date: dateTime(new Date().toISOString()) }),
      '',
      ...codes,
      '',
    ].join('\n');
    saveBlob(
      new Blob([text], { type: 'text/plain;charset=utf-8' }),
      'sunbite-back-office-recovery-codes.txt',
    );
  };
  const small = 'btn-secondary min-h-10 px-4 py-1.5';
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5 dark:border-amber-500/40 dark:bg-amber-950/40"
      data-testid="recovery-codes-panel"
    >
      <h3
        id={`${id}-title`}
        className="flex items-center gap-2 font-semibold text-amber-950 dark:text-amber-100"
      >
        <Icon name="alert" width={18} height={18} />
        {t('manager.security.recovery.title')}
      </h3>
      <p className="mt-1.5 text-sm text-amber-950/90 dark:text-amber-100/90">
        {t('manager.security.recovery.body')}
      </p>
      <ul
        aria-label={t('manager.security.recovery.list_label')}
        className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 rounded-xl border border-amber-200 bg-white px-4 py-3.5 font-mono text-[15px] tracking-wide text-stone-900 sm:grid-cols-2 sm:px-5 dark:border-amber-500/30 dark:bg-stone-950 dark:text-stone-100"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
        <button type="button" className={small} onClick={copy} data-testid="recovery-codes-copy">
          <Icon name="copy" width={18} height={18} className="opacity-80" />
          {t('manager.security.recovery.copy')}
        </button>
        <button type="button" className={small} onClick={download} data-testid="recovery-codes-download">
          <Icon name="download" width={18} height={18} className="opacity-80" />
          {t('manager.security.recovery.download')}
        </button>
        <button
          type="button"
          className="btn-primary min-h-10 py-1.5 sm:ml-auto"
          onClick={onDone}
          data-testid="recovery-codes-done"
        >
          <Icon name="check" width={18} height={18} />
          {t('manager.security.recovery.done')}
        </button>
      </div>
    </section>
  );
}
