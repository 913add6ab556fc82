import type { SVGProps } from 'react';

/** Small line icons drawn inline (no icon font, works offline). Decorative: callers give the accessible name. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The frame of every line icon (these, the status badges', the admin's): 24-unit shapes stroked in the text colour,
 * hidden from assistive technology; `size` sets both sides, other props (a stroke width) override the defaults.
 */
export function LineIcon({ size = 22, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></LineIcon>
);
export const BagIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M5 8h14l-1 12H6L5 8Z" /><path d="M9 8V6a3 3 0 0 1 6 0v2" /></LineIcon>
);
export const HeartIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" /></LineIcon>
);
export const UserIcon = (p: IconProps) => (
  <LineIcon {...p}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0 1 16 0" /></LineIcon>
);
export const MenuIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M4 7h16M4 12h16M4 17h16" /></LineIcon>
);
export const CloseIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M6 6l12 12M18 6 6 18" /></LineIcon>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="m15 5-7 7 7 7" /></LineIcon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="m9 5 7 7-7 7" /></LineIcon>
);
export const ChevronDownIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="m6 9 6 6 6-6" /></LineIcon>
);
export const EyeIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></LineIcon>
);
export const TruckIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" /><circle cx="7" cy="18" r="2" /><circle cx="17" cy="18" r="2" /></LineIcon>
);
export const FilterIcon = (p: IconProps) => (
  <LineIcon {...p}><path d="M4 6h16M7 12h10M10 18h4" /></LineIcon>
);
