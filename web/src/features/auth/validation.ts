/** Email check used by the forms (docs/product.md §5 "email valid"). */
export const isEmail = (value: string): boolean =>
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
