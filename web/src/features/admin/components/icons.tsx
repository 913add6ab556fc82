import { Fragment, type ReactElement, type SVGProps } from 'react';
import { LineIcon } from '#web/components/icons';

type P = SVGProps<SVGSVGElement>;

/**
 * Small inline icons (stroke style) so the admin area needs no icon font or extra requests. An icon is drawn
 * from its shapes: a string is a path's `d`, an element (circle, rect) is drawn as it is.
 */
function icon(...shapes: Array<string | ReactElement>) {
  return function Icon(props: P) {
    return (
      <LineIcon size={20} strokeWidth={2} {...props}>
        {shapes.map((shape, i) =>
          typeof shape === 'string' ? <path key={i} d={shape} /> : <Fragment key={i}>{shape}</Fragment>,
        )}
      </LineIcon>
    );
  };
}

export const DashboardIcon = icon(
  <rect x="3" y="3" width="7" height="9" rx="1" />,
  <rect x="14" y="3" width="7" height="5" rx="1" />,
  <rect x="14" y="12" width="7" height="9" rx="1" />,
  <rect x="3" y="16" width="7" height="5" rx="1" />,
);
export const BoxIcon = icon('M21 8 12 3 3 8v8l9 5 9-5z', 'm3 8 9 5 9-5M12 13v8');
export const TagIcon = icon(
  'M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z',
  <circle cx="7.5" cy="7.5" r="1.5" />,
);
export const ReceiptIcon = icon('M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z', 'M9 8h6M9 12h6');
export const MailIcon = icon(<rect x="3" y="5" width="18" height="14" rx="2" />, 'm3 7 9 6 9-6');
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M18 6 6 18M6 6l12 12');
export const UserIcon = icon(<circle cx="12" cy="8" r="4" />, 'M4 21a8 8 0 0 1 16 0');
export const DollarIcon = icon('M12 2v20M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6');
export const CartIcon = icon(
  <circle cx="9" cy="20" r="1.5" />,
  <circle cx="18" cy="20" r="1.5" />,
  'M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h8.6a2 2 0 0 0 2-1.6L22 7H6',
);
export const TrophyIcon = icon(
  'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0z',
  'M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4',
);
export const ImageIcon = icon(
  <rect x="3" y="3" width="18" height="18" rx="2" />,
  <circle cx="9" cy="9" r="2" />,
  'm21 15-5-5L5 21',
);
export const UploadIcon = icon('M12 16V4M7 9l5-5 5 5M4 20h16');
export const RefreshIcon = icon('M21 12a9 9 0 1 1-3-6.7L21 8', 'M21 3v5h-5');
export const ClockIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2');
export const EditIcon = icon('M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z');
export const TrashIcon = icon('M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const StoreIcon = icon('M3 9l1.5-5h15L21 9', 'M4 9v11h16V9M3 9h18M9 20v-6h6v6');
export const PrinterIcon = icon('M6 9V3h12v6M6 18H4v-7h16v7h-2', 'M6 14h12v7H6z');
