import { formatInZone } from './dates.js';

/*
 * tribe_events_event_schedule_details and tribe_events_event_short_schedule_details: the HTML
 * date line of an event, with TEC's default formats (`F j` / `F j, Y`, WordPress's `g:i a`,
 * ` @ ` and ` - ` separators), in English.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A wall time (`Y-m-d H:i:s`) in PHP date() tokens: F j Y g i a A (the ones TEC's defaults use). */
export function formatWallTime(wallTime: string, format: string): string {
  const [datePart = '', timePart = '00:00:00'] = wallTime.split(' ');
  const [year = '', month = '1', day = '1'] = datePart.split('-');
  const [hour = '0', minute = '00'] = timePart.split(':');
  const h = Number(hour);
  const tokens: Record<string, string> = {
    F: MONTHS[Number(month) - 1] ?? '',
    j: String(Number(day)),
    d: day.padStart(2, '0'),
    Y: year,
    g: String(h % 12 === 0 ? 12 : h % 12),
    G: String(h),
    H: hour.padStart(2, '0'),
    i: minute.padStart(2, '0'),
    a: h < 12 ? 'am' : 'pm',
    A: h < 12 ? 'AM' : 'PM',
  };
  let out = '';
  for (let index = 0; index < format.length; index += 1) {
    const char = format[index]!;
    if (char === '\\' && index + 1 < format.length) {
      out += format[index + 1];
      index += 1;
    } else {
      out += tokens[char] ?? char;
    }
  }
  return out;
}

export interface ScheduleInput {
  /** Start and end as displayed (the event's zone in TEC's `event` timezone mode), `Y-m-d H:i:s`. */
  start: string;
  end: string;
  allDay: boolean;
  /** The event model's `multiday` (false, or the number of days). */
  multiday: number | false;
  /** The current year where the site is (date_i18n('Y')). */
  currentYear: string;
}

const DATE_FORMAT = 'F j';
const DATE_WITH_YEAR_FORMAT = 'F j, Y';
const TIME_FORMAT = 'g:i a';
const DATE_TIME_SEPARATOR = ' @ ';
const TIME_RANGE_SEPARATOR = ' - ';

/** tribe_events_event_schedule_details( $event ) with its HTML spans. */
export function scheduleDetails(input: ScheduleInput): string {
  const { start, end } = input;
  const yearless = start.slice(0, 4) === input.currentYear && end.slice(0, 4) === input.currentYear;
  const format = yearless ? DATE_FORMAT : DATE_WITH_YEAR_FORMAT;
  const startDate = formatWallTime(start, format);
  let inner = '<span class="tribe-event-date-start">';
  if (input.multiday !== false) {
    if (input.allDay) {
      inner += `${startDate}</span>${TIME_RANGE_SEPARATOR}<span class="tribe-event-date-end">`;
      // An end at the very start of a day counts as the day before.
      const endsAtMidnight = end.slice(11) === '00:00:00';
      const endDay = endsAtMidnight ? formatInZone(Date.parse(`${end.replace(' ', 'T')}Z`) / 1000 - 86400, 'UTC') : end;
      inner += formatWallTime(endDay, format);
    } else {
      inner += `${startDate}${DATE_TIME_SEPARATOR}${formatWallTime(start, TIME_FORMAT)}</span>${TIME_RANGE_SEPARATOR}`;
      inner += `<span class="tribe-event-date-end">${formatWallTime(end, format)}${DATE_TIME_SEPARATOR}${formatWallTime(end, TIME_FORMAT)}`;
    }
  } else if (input.allDay) {
    inner += startDate;
  } else if (formatWallTime(start, 'g:i A') === formatWallTime(end, 'g:i A')) {
    inner += `${startDate}${DATE_TIME_SEPARATOR}${formatWallTime(start, TIME_FORMAT)}`;
  } else {
    inner += `${startDate}${DATE_TIME_SEPARATOR}${formatWallTime(start, TIME_FORMAT)}</span>${TIME_RANGE_SEPARATOR}`;
    inner += `<span class="tribe-event-time">${formatWallTime(end, TIME_FORMAT)}`;
  }
  return `${inner}</span>`;
}

/** tribe_events_event_short_schedule_details( $event ): times only for a one-day event. */
export function shortScheduleDetails(input: ScheduleInput): string {
  if (input.multiday !== false) return scheduleDetails(input);
  if (input.allDay) return 'All day';
  const { start, end } = input;
  let inner = `<span class="tribe-event-date-start">${formatWallTime(start, TIME_FORMAT)}`;
  if (formatWallTime(start, 'g:i A') !== formatWallTime(end, 'g:i A')) {
    inner += `</span>${TIME_RANGE_SEPARATOR}<span class="tribe-event-time">${formatWallTime(end, TIME_FORMAT)}`;
  }
  return `${inner}</span>`;
}
