/** Up to `size` page numbers centred on the current page, shifted to stay within 1..total. */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(total, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
