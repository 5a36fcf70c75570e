// The upload of an Associates report: chosen with the file picker or dropped, checked at once by
// the server's rules (type, 5 MB, text), then sent whole in the currency chosen beside it (the
// program's unless said; another one needs a rate set, said before sending); the card is busy
// until the server has imported it, and says why when the server refuses it.
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPORT_EXTENSIONS,
  REPORT_MAX_BYTES,
  REPORT_TYPES,
  type ReportFileProblem,
} from '../../../../common/marketplace-report';
import { Icon } from '../../../components/icons';
import { isUnauthorized } from '../../../lib/api';
import { useFormatters } from '../../../lib/format';
import {
  currencyRefusal,
  refusalMessage,
  useReportCurrencies,
  useUploadReport,
  type ImportAnswer,
} from './marketplace-api';
import { reportCurrencyChoices } from './report-currency';
import { checkReportFile } from './report-file';
import { ReportCurrencyField } from './ReportCurrencyField';
import { useManagerSignOut, useSignOutOnUnauthorized } from '../staff-session';
import { ErrorText, Glyph, Notice } from '../../../components/staff/fields';

const MB = 1024 * 1024;
const ACCEPT = [...REPORT_EXTENSIONS, ...REPORT_TYPES].join(',');

/** Why a file is refused, in the server's own words (`api.marketplace.*`, the same sentences). */
function useRefusal() {
  const { t } = useTranslation();
  return (problem: ReportFileProblem) => {
    switch (problem) {
      case 'file_type':
        return t('manager.marketplace.refused.file_type_with_csv');
      case 'too_large':
        return t('manager.marketplace.refused.too_large');
      case 'empty':
        return t('manager.marketplace.refused.empty');
      case 'not_text':
        return t('manager.marketplace.refused.not_text');
    }
  };
}

/** A file's size as people read it: KB below a megabyte, MB with one decimal above. */
function useFileSize() {
  const { t } = useTranslation();
  const f = useFormatters();
  return (bytes: number) =>
    bytes < MB
      ? t('manager.marketplace.size_kb', { size: f.number(Math.max(1, Math.round(bytes / 1024))) })
      : t('manager.marketplace.size_mb', { size: f.number(Math.round((bytes / MB) * 10) / 10) });
}

export function UploadCard({ onResult }: { onResult: (answer: ImportAnswer) => void }) {
  const { t } = useTranslation();
  const size = useFileSize();
  const refusalOf = useRefusal();
  const signOut = useManagerSignOut();
  const upload = useUploadReport();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [dragging, setDragging] = useState(false);
  const currencies = useReportCurrencies();
  useSignOutOnUnauthorized(currencies.error);
  const [currency, setCurrency] = useState<string | null>(null);
  const [currencyError, setCurrencyError] = useState<string | null>(null);
  const choices = currencies.data ? reportCurrencyChoices(currencies.data) : [];
  // The program currency unless another was chosen (and is still offered).
  const chosen = choices.find((choice) => choice.currency === currency) ?? choices[0] ?? null;
  const noRate = chosen !== null && chosen.rate === null;
  const busy = upload.isPending;

  const reset = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };

  const choose = async (chosen: File | undefined) => {
    setRefusal(null);
    if (!chosen) return;
    setChecking(true);
    // The server refuses it anyway: saying so now spares sending it for nothing.
    const found = await checkReportFile(chosen);
    setChecking(false);
    if (found) {
      reset();
      setProblem(refusalOf(found));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void choose(event.dataTransfer.files[0]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!file) {
      setProblem(t('manager.marketplace.choose_first'));
      return;
    }
    if (noRate) return;
    setCurrencyError(null);
    upload.mutate(
      { file, currency: chosen?.currency },
      {
        onSuccess: (answer) => {
          reset();
          onResult(answer);
        },
        onError: (error) => {
          const forCurrency = currencyRefusal(error);
          if (isUnauthorized(error)) signOut();
          else if (forCurrency) setCurrencyError(forCurrency);
          else setRefusal(refusalMessage(error) ?? t('manager.marketplace.import_failed'));
        },
      },
    );
  };

  const statusId = `${inputId}-status`;
  const problemId = `${inputId}-problem`;
  const currencyId = `${inputId}-currency`;
  return (
    <section aria-labelledby="report-upload" className="card p-4 sm:p-6" data-testid="report-upload">
      <h2 id="report-upload" className="text-lg font-semibold tracking-tight">
        {t('manager.marketplace.upload_heading')}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {t('manager.marketplace.upload_rules_with_csv', { max: REPORT_MAX_BYTES / MB })}
      </p>
      <form onSubmit={submit} noValidate className="@container mt-4" aria-busy={busy}>
        {/* The currency beside the file where the card is wide enough, under it otherwise. */}
        <div className="grid gap-4 @2xl:grid-cols-[minmax(0,1fr)_24rem] @2xl:items-start">
          <div className="min-w-0">
            <div
              onDragOver={(event) => {
                event.preventDefault();
                if (!busy) setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={`relative flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-7 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 sm:py-9 dark:focus-within:outline-brand-400 ${
                dragging
                  ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-400/10'
                  : problem
                    ? 'border-red-400 bg-red-50/40 dark:border-red-500/60 dark:bg-red-950/20'
                    : 'border-stone-300 bg-stone-50/60 dark:border-stone-700 dark:bg-stone-950/40'
              } ${busy ? 'opacity-60' : ''}`}
              data-testid="report-dropzone"
              data-dragging={dragging ? 'true' : undefined}
            >
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-stone-200 dark:bg-stone-900 dark:text-brand-300 dark:ring-stone-700">
                <Glyph name="upload" width={22} height={22} />
              </span>
              <p className="text-sm">
                <label
                  htmlFor={inputId}
                  className={`link ${busy ? 'pointer-events-none' : 'cursor-pointer'}`}
                >
                  {t('manager.marketplace.choose')}
                </label>{' '}
                <span className="text-muted">{t('manager.marketplace.or_drop')}</span>
              </p>
              <input
                ref={input}
                id={inputId}
                type="file"
                accept={ACCEPT}
                className="sr-only"
                disabled={busy}
                onChange={(event) => void choose(event.target.files?.[0])}
                aria-describedby={problem ? `${statusId} ${problemId}` : statusId}
                aria-invalid={problem ? true : undefined}
                data-testid="report-file"
              />
              <p id={statusId} className="max-w-full text-xs text-muted" aria-live="polite">
                {file ? (
                  <span
                    className="inline-flex max-w-full items-center gap-1.5 font-medium text-stone-800 dark:text-stone-200"
                    data-testid="report-chosen"
                  >
                    <Icon
                      name="doc"
                      width={16}
                      height={16}
                      className="shrink-0 text-stone-500 dark:text-stone-400"
                    />
                    <span className="truncate">
                      {t('manager.marketplace.chosen', { name: file.name, size: size(file.size) })}
                    </span>
                  </span>
                ) : (
                  t('manager.marketplace.formats_with_csv', { max: REPORT_MAX_BYTES / MB })
                )}
              </p>
            </div>
            {problem ? (
              <div data-testid="report-problem">
                <ErrorText id={problemId} message={problem} />
              </div>
            ) : null}
          </div>
          <ReportCurrencyField
            id={currencyId}
            settings={currencies.data}
            failed={currencies.isError}
            onRetry={() => void currencies.refetch()}
            choices={choices}
            chosen={chosen}
            onChoose={(next) => {
              setCurrency(next);
              setCurrencyError(null);
            }}
            disabled={busy}
            error={currencyError}
          />
        </div>
        {refusal ? (
          <div className="mt-4">
            <Notice tone="error" testId="report-refused">
              {refusal}
            </Notice>
          </div>
        ) : null}
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          {file && !busy ? (
            <button type="button" className="link text-sm" onClick={reset} data-testid="report-clear">
              {t('manager.marketplace.clear')}
            </button>
          ) : null}
          <button
            type="submit"
            className="btn-primary w-full sm:w-auto"
            disabled={busy || checking || noRate}
            aria-describedby={noRate ? `${currencyId}-hint` : undefined}
            data-testid="report-submit"
          >
            {busy ? <Spinner /> : <Glyph name="upload" />}
            {busy ? t('manager.marketplace.importing') : t('manager.marketplace.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}
