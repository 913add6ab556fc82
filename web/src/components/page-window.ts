/** Page numbers to show: at most `size` consecutive numbers, centred on the current page where possible. */
export function pageWindow(current: number, totalPages: number, size = 7): number[] {
  if (totalPages <= 0) return [];
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
