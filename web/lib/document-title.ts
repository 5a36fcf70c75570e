import { createContext, createElement, useContext, useEffect, type ReactNode } from 'react';
import { BRAND } from '../../common/brand';

export function formatDocumentTitle(pageTitle: string, brandName: string = BRAND.programName): string {
  return `${pageTitle} · ${brandName}`;
}

// Whose pages these are: the program's, or a sub-partner's on its own pages and in the account of a
// partner who registered there (docs/product/partners-and-accounts.md#white-label-sub-partners).
const TitleBrand = createContext<string>(BRAND.programName);

/** Names the pages below it `<page title> · <name>` instead of the program's name. */
export function TitleBrandProvider({ name, children }: { name: string | undefined; children: ReactNode }) {
  return createElement(TitleBrand.Provider, { value: name || BRAND.programName }, children);
}

/** Sets `<page title> · Sunbite Partners` (or the sub-partner's name). Only leaf pages call it, so no layout overrides it. */
export function useDocumentTitle(pageTitle: string): void {
  const brandName = useContext(TitleBrand);
  useEffect(() => {
    document.title = formatDocumentTitle(pageTitle, brandName);
  }, [pageTitle, brandName]);
}
