/**
 * The rule form keeps times of day as `HH:mm` text (the contract's clockField); antd's TimePicker holds a
 * dayjs. These convert between the two, on today's date (only the hour and minute matter).
 */
import dayjs, { type Dayjs } from 'dayjs';

/** `HH:mm` → a dayjs at that time today; null for empty or malformed text. */
export function clockToDayjs(text: string | null | undefined): Dayjs | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text ?? '');
  if (!m) return null;
  return dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0);
}

/** A picked time → `HH:mm`; null when the picker was cleared. */
export function dayjsToClock(value: Dayjs | null | undefined): string | null {
  return value ? value.format('HH:mm') : null;
}
