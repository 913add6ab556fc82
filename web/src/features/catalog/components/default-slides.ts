/** A hero slide (spec section 3: id, title, subtitle, image, url). */
export interface Slide {
  id: string;
  title: string;
  subtitle: string;
  image: string;
  url: string;
}

const slide = (slug: string, title: string, subtitle: string): Slide => ({
  id: slug,
  title,
  subtitle,
  image: `/uploads/demo/hero-${slug}.webp`,
  url: `/products?collection=${slug}`,
});

/** Used when no slides are supplied (spec section 2, Home). */
export const DEFAULT_SLIDES: Slide[] = [
  slide('timeless-style', 'Timeless Couple Styles', 'Matching looks for two, cut to be worn for years.'),
  slide('everyday-comfort', 'Everyday Comfort', 'Soft fabrics and easy fits for every day of the week.'),
  slide('modern-streetwear', 'Modern Streetwear', 'Relaxed layers, bold cuts and city-ready colour.'),
];
