// Calendar days in the back office's filters (`YYYY-MM-DD` in the URL), and the times they span in
// the staff member's time zone, as the audit log and the refused deliveries ask for them.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a calendar day (`YYYY-MM-DD`) that exists. */
export function isDay(text: string | null | undefined): text is string {
  const match = text ? DAY.exec(text) : null;
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/**
 * The instants a range of local days covers, as the API takes them: the first instant of `from`
 * and the last millisecond of `to`, in the staff member's time zone (a day in Montréal is not a
 * UTC day).
 */
export function dayBounds(from: string | null, to: string | null): { from?: string; to?: string } {
  const start = (day: string, offset: number) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, date + offset);
  };
  return {
    ...(isDay(from) ? { from: start(from, 0).toISOString() } : {}),
    ...(isDay(to) ? { to: new Date(start(to, 1).getTime() - 1).toISOString() } : {}),
  };
}
