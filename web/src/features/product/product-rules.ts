/** Product detail rules (spec sections 2 and 9). */
export const TITLE_MAX = 70;

/** The breadcrumb title: cut at 70 characters plus an ellipsis. */
export function truncateTitle(title: string, max = TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

/** Gallery images: the featured image first, then the gallery, without repeats. */
export function galleryImages(p: { featured_image: string | null; images: ReadonlyArray<{ url: string }> }): string[] {
  const all = [p.featured_image, ...p.images.map((i) => i.url)].filter((u): u is string => Boolean(u));
  return [...new Set(all)];
}
