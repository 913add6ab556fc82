/**
 * The header search target (spec section 2): /products?search= followed by &name={text} only when the
 * trimmed text is non-empty and &category={slug} only when a category is chosen.
 */
export function searchUrl(text: string, categorySlug: string): string {
  let url = '/products?search=';
  const name = text.trim();
  if (name) url += `&name=${encodeURIComponent(name)}`;
  if (categorySlug) url += `&category=${encodeURIComponent(categorySlug)}`;
  return url;
}
