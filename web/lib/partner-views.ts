// The partner's own views of a text, which the back office's content editors preview as partners
// will see them. The editors are a back-office section and the views the content feature's: a
// feature imports no other, so the app binds the loader (app/router.tsx) and the editors' pages
// load the views with their own code (features/manager/sections.ts), before they render.
import type { ComponentType } from 'react';
import type { PageContent, PageSlug } from '../../common/content';
import type { ProductDetail } from '../../common/contracts/content';

export interface PartnerViews {
  PageDocumentView: ComponentType<{ page: PageContent; slug: PageSlug; heading?: boolean }>;
  ProductContentView: ComponentType<{ detail: ProductDetail; preview?: boolean }>;
}

let loader: (() => Promise<PartnerViews>) | null = null;
let loaded: PartnerViews | null = null;

export function bindPartnerViews(load: () => Promise<PartnerViews>): void {
  loader = load;
}

export async function loadPartnerViews(): Promise<PartnerViews> {
  if (!loaded) {
    if (!loader) throw new Error('The partner views are not bound (app/router.tsx binds them).');
    loaded = await loader();
  }
  return loaded;
}

/** The views, once `loadPartnerViews` has loaded them (the editor pages' routes wait for it). */
export function partnerViews(): PartnerViews {
  if (!loaded) throw new Error('The partner views are not loaded yet.');
  return loaded;
}
