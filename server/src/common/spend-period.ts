let periodDay = -1;
let periodCache = { day: '', month: '' };
/** The UTC day and month a call's spend counts in (formatted once per day). */
export function spendPeriod(at: Date): { day: string; month: string } {
  const day = Math.floor(at.getTime() / 86_400_000);
  if (day !== periodDay) {
    periodDay = day;
    const text = at.toISOString();
    periodCache = { day: text.slice(0, 10), month: text.slice(0, 7) };
  }
  return periodCache;
}
