import type { ProductCode } from '../../common/products';

/** Catalog key of a product's name (the locale check knows the `products.<code>.name` pattern). */
export function productNameKey(code: ProductCode) {
  return `products.${code}.name` as const;
}
