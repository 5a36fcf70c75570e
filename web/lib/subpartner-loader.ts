// White-label entry (docs/product/partner-portal.md, docs/product/partners-and-accounts.md#white-label-sub-partners): `/{slug}` and its login and register pages
// exist only for a known sub-partner. Reserved words, malformed slugs, an unknown slug and a
// failed lookup all render the 404 page.
import { data, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isPossibleSubpartnerSlug } from '../../common/subpartners';
import type { z } from 'zod';
import type { publicSubpartnerAnswer } from '../../common/contracts/subpartners';
import { api } from './api';

/** What the pages draw: the server's branding (common/contracts/subpartners.ts), or a preview's part of it. */
export interface Subpartner {
  slug: string;
  name?: string;
  logo_url?: string | null;
  primary_color?: string;
  accent_color?: string;
  welcome?: { en?: string; fr?: string };
}

function notFound(): never {
  // A thrown 404 response reaches the route's error element, which renders the 404 page.
  throw data(null, { status: 404 });
}

export async function subpartnerLoader({ params }: LoaderFunctionArgs): Promise<Subpartner> {
  const slug = params.subpartner ?? '';
  if (!isPossibleSubpartnerSlug(slug)) notFound();
  try {
    const answer = await api.get<z.infer<typeof publicSubpartnerAnswer>>(
      `/api/subpartners/${encodeURIComponent(slug)}`,
      {
        auth: 'public',
      },
    );
    return answer?.data ?? { slug };
  } catch {
    return notFound();
  }
}

/** Look the sub-partner up again only when the slug changes, not between its own pages. */
export function shouldRevalidateSubpartner({
  currentParams,
  nextParams,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentParams.subpartner !== nextParams.subpartner;
}
