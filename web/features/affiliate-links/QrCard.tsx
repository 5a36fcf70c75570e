// The short link as a QR code (issue 12), on the page and to download as PNG (stories) and SVG
// (print). Dark modules on a white tile in both themes: a light-on-dark code is not read by every
// scanner, so the dark theme frames the tile instead of inverting it.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import { notifyError } from '../../lib/toast';
import { Glyph } from '../../components/glyphs';
import { PNG_SIZE, qrPng, qrSvg, qrSymbol, svgDataUrl } from './qr';
import { Widget } from '../../components/card';
import { Skeleton } from '../../components/skeleton';

export function QrCard({ url, code }: { url: string; code: string }) {
  const { t } = useTranslation();
  const { symbol, svg } = useMemo(() => {
    const made = qrSymbol(url);
    return { symbol: made, svg: qrSvg(made) };
  }, [url]);
  const fileName = `qr-${code.toLowerCase()}`;

  const downloadPng = async () => {
    try {
      saveBlob(await qrPng(symbol, PNG_SIZE), `${fileName}.png`);
    } catch {
      notifyError(t('engagement.links.download_failed'));
    }
  };
  const downloadSvg = () => saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}.svg`);

  return (
    <Widget id="qr" title={t('engagement.links.qr_title')} icon="sparkle" testId="links-qr">
      <div className="flex flex-1 flex-col items-center">
        <div className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-stone-200 dark:ring-stone-700">
          <img
            src={svgDataUrl(svg)}
            alt={t('engagement.links.qr_alt', { url })}
            width={176}
            height={176}
            className="h-44 w-44"
            data-testid="qr-code"
          />
        </div>
        <p className="mt-4 max-w-xs text-center text-sm text-muted">{t('engagement.links.qr_help')}</p>
        <div className="mt-4 flex gap-2">
          <button
            type="button"
            className="btn-secondary px-4"
            onClick={() => void downloadPng()}
            aria-label={t('engagement.links.download_png_label')}
            data-testid="qr-download-png"
          >
            <Glyph name="download" width={16} height={16} />
            {t('engagement.links.download_png')}
          </button>
          <button
            type="button"
            className="btn-secondary px-4"
            onClick={downloadSvg}
            aria-label={t('engagement.links.download_svg_label')}
            data-testid="qr-download-svg"
          >
            <Glyph name="download" width={16} height={16} />
            {t('engagement.links.download_svg')}
          </button>
        </div>
      </div>
    </Widget>
  );
}

/** The QR card's shape while the profile (and its short link) loads: the tile, the help, the buttons. */
export function QrCardSkeleton() {
  const { t } = useTranslation();
  return (
    <Widget id="qr" title={t('engagement.links.qr_title')} icon="sparkle" testId="links-qr-loading">
      <div className="flex flex-1 flex-col items-center" aria-hidden="true">
        <div className="rounded-2xl bg-white p-2 shadow-sm ring-1 ring-stone-200 dark:ring-stone-700">
          <Skeleton className="h-44 w-44" />
        </div>
        <p className="mt-4 max-w-xs text-center text-sm text-muted">{t('engagement.links.qr_help')}</p>
        <div className="mt-4 flex gap-2">
          <Skeleton className="h-11 w-28 rounded-full" />
          <Skeleton className="h-11 w-28 rounded-full" />
        </div>
      </div>
    </Widget>
  );
}
