import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isProductCode, type ProductCode } from '../../../common/products';
import { useDocumentTitle } from '../../lib/document-title';
import { NotFoundContent } from '../not-found/NotFoundContent';
import { PageHeading } from './PageHeading';

/** Catalog key of a product's name (the checker knows the `products.<code>.name` pattern). */
export function productNameKey(code: ProductCode) {
  return `products.${code}.name` as const;
}

/** /account/products/{code}: one talking-points page per product; other codes are a 404. */
export function ProductPage() {
  const { code = '' } = useParams();
  if (!isProductCode(code)) return <NotFoundContent />;
  return <ProductTalkingPoints code={code} />;
}

function ProductTalkingPoints({ code }: { code: ProductCode }) {
  const { t } = useTranslation();
  const name = t(productNameKey(code));
  useDocumentTitle(name);
  return <PageHeading eyebrow={t('titles.talking_points')} title={name} lead={t('pages.talking_points')} />;
}
