import { useEffect } from 'react';
import { BRAND } from '../../common/brand';

export function formatDocumentTitle(pageTitle: string): string {
  return `${pageTitle} · ${BRAND.programName}`;
}

/** Sets `<page title> · Sunbite Partners`. Only leaf pages call it, so no layout overrides it. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle);
  }, [pageTitle]);
}
