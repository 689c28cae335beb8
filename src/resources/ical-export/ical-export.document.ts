import { decodeHTMLStrict } from 'entities/decode';
import { phpRawurlencode } from '../../wp/php/php-values.js';
import { formatUtc, zoneOffsetSeconds } from '../../wp/tec/dates.js';
import { zoneTimeType } from '../../wp/tec/timezone-abbr.js';
import { wpStripAllTags } from '../../wp/text/kses.js';
import { formatUtcOffset, transitionsInYear } from '../events/events.ical.zones.js';

/**
 * The iCalendar text TEC 6.17.2's export writes (Tribe__Events__iCal: get_start, get_timezones,
 * get_body, get_end), byte for byte: CRLF line ends, no folding, no CRLF after END:VCALENDAR,
 * TEC's own escapes. Pure: the events come in already selected and rendered.
 */

/** One event as the export reads it. */
export interface ICalExportEvent {
  id: number;
  /** post_title as stored. */
  title: string;
  /** the_content's output, or TEC's protected-content text. */
  description: string;
  /** `_EventAllDay` is exactly `yes` (TEC writes DATE values then). */
  allDay: boolean;
  /** tribe_get_start_date/end_date(…, 'U'): the event's local wall time read as UTC, in unix seconds. */
  startUnix: number;
  endUnix: number;
  /** The TZID zone (Tribe__Events__iCal::get_timezone, as DateTimeZone names it). */
  zone: string;
  /** post_modified and post_date as stored (the site's wall clock). */
  modified: string;
  created: string;
  url: string;
  /** Venue::get_address_full_string, unescaped; '' for none. */
  location: string;
  categories: readonly string[];
  attachment?: { mime: string; url: string };
  organizer?: { name: string; email: string };
}

export interface ICalExportCalendar {
  /** `ical`, or `outlook` (no X-WR-CALNAME). */
  flavour: 'ical' | 'outlook';
  /** get_bloginfo('name') through sanitize_text_field. */
  blogName: string;
  /** get_bloginfo('url'). */
  homeUrl: string;
  /** The host of home_url('/'), for the UIDs. */
  host: string;
  tecVersion: string;
  /** The site's zone, which TEC formats DTSTART and DTEND in (build_date_object). */
  siteZone: string;
  events: readonly ICalExportEvent[];
}

const CRLF = '\r\n';

/** The whole document. */
export function toICalDocument(calendar: ICalExportCalendar): string {
  return [calendarStart(calendar), timezones(calendar.events), calendar.events.map((event) => vevent(event, calendar)).join(''), 'END:VCALENDAR'].join('');
}

function calendarStart({ flavour, blogName, homeUrl, tecVersion }: ICalExportCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//${blogName} - ECPv${tecVersion}//NONSGML v1.0//EN`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (blogName !== '' && flavour === 'ical') lines.push(`X-WR-CALNAME:${blogName}`);
  lines.push(
    `X-ORIGINAL-URL:${homeUrl}`,
    `X-WR-CALDESC:Events for ${blogName}`,
    // Tribe__Events__iCal's tribe_ical_properties additions: refresh hourly, keep out of search engines.
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-Robots-Tag:noindex',
    'X-PUBLISHED-TTL:PT1H',
  );
  return lines.join(CRLF) + CRLF;
}

/** html_entity_decode(…, ENT_QUOTES). */
function htmlDecode(text: string): string {
  return decodeHTMLStrict(text);
}

/** Tribe__Events__iCal::replace: decoded, `,` and newlines escaped, carriage returns dropped. */
function icalEscape(text: string): string {
  return htmlDecode(text).replaceAll(',', '\\,').replaceAll('\n', '\\n').replaceAll('\r', '');
}

const ORGANIZER_KEPT = [' ', '&', '!', '?', "'", '*', '(', ')', '@', '#', '$', '%', '^', '+', '=', '{', '}', '[', ']', '|', '\\', '/', '<', '>', '`', '~'];

/**
 * Tribe__Events__iCal::sanitize_organizer_name: rawurlencode, then the encodings of the kept
 * characters turned back, and a double quote's into a single quote.
 */
export function organizerName(name: string): string {
  let text = phpRawurlencode(name);
  const pairs: [string, string][] = [...ORGANIZER_KEPT.map((char): [string, string] => [phpRawurlencode(char), char]), [phpRawurlencode('"'), "'"]];
  // str_replace with arrays replaces each search in turn over the whole string.
  for (const [search, replacement] of pairs) text = text.replaceAll(search, replacement);
  return text;
}

/** `Ymd\THis` of a unix instant on a zone's wall clock. */
function wallTime(unix: number, zone: string): string {
  return compact(formatUtc(unix + zoneOffsetSeconds(zone, unix)));
}

function compact(wall: string): string {
  return wall.replace(/[-:]/g, '').replace(' ', 'T');
}

function vevent(event: ICalExportEvent, calendar: ICalExportCalendar): string {
  const lines: string[] = [];
  if (event.allDay) {
    const day = (unix: number) => wallTime(unix, calendar.siteZone).slice(0, 8);
    const end = day(event.endUnix);
    // strtotime('+1 day', …) of the end's date.
    const next = new Date(Date.UTC(Number(end.slice(0, 4)), Number(end.slice(4, 6)) - 1, Number(end.slice(6, 8)) + 1));
    lines.push(`DTSTART;VALUE=DATE:${day(event.startUnix)}`, `DTEND;VALUE=DATE:${compact(next.toISOString().slice(0, 10))}`);
  } else {
    lines.push(`DTSTART;TZID=${event.zone}:${wallTime(event.startUnix, calendar.siteZone)}`, `DTEND;TZID=${event.zone}:${wallTime(event.endUnix, calendar.siteZone)}`);
  }
  // wp_strtotime reads the stored wall time in the site's zone; build_date_object formats it back there, with a `Z`.
  const modified = `${compact(event.modified)}Z`;
  lines.push(
    `DTSTAMP:${modified}`,
    `CREATED:${compact(event.created)}Z`,
    `LAST-MODIFIED:${modified}`,
    `UID:${event.id}-${event.startUnix}-${event.endUnix}@${calendar.host}`,
    `SUMMARY:${icalEscape(wpStripAllTags(event.title))}`,
    `DESCRIPTION:${icalEscape(wpStripAllTags(event.description.split('</p>').join('</p> ')))}`,
    `URL:${event.url}`,
  );
  if (event.location !== '') lines.push(`LOCATION:${htmlDecode(event.location).replaceAll(',', '\\,').replaceAll('\n', '\\n')}`);
  if (event.categories.length > 0) lines.push(`CATEGORIES:${htmlDecode(event.categories.join(','))}`);
  if (event.attachment) lines.push(`ATTACH;FMTTYPE=${event.attachment.mime}:${event.attachment.url}`);
  if (event.organizer) lines.push(`ORGANIZER;CN="${organizerName(event.organizer.name)}":MAILTO:${event.organizer.email}`);
  return `BEGIN:VEVENT${CRLF}${lines.join(CRLF)}${CRLF}END:VEVENT${CRLF}`;
}

/**
 * Tribe__Events__iCal::get_timezones: one VTIMEZONE per zone in the order the events first name
 * it, all-day events included. Each covers 1 January of the year before its earliest start to 31
 * December of the year after its latest end (midnight UTC, PHP's default zone): PHP's
 * getTransitions over that range, the first entry (the state at the range's start) only setting
 * TZOFFSETFROM, or written once itself when it is the only one. DTSTART is the transition instant
 * in UTC (TEC builds the DateTime from a string carrying `+0000`).
 */
function timezones(events: readonly ICalExportEvent[]): string {
  const zones = new Map<string, { first: number; last: number }>();
  for (const event of events) {
    const first = new Date(event.startUnix * 1000).getUTCFullYear();
    const last = new Date(event.endUnix * 1000).getUTCFullYear();
    const known = zones.get(event.zone);
    zones.set(event.zone, { first: Math.min(first, known?.first ?? first), last: Math.max(last, known?.last ?? last) });
  }
  if (zones.size === 0) return '';
  const lines: string[] = [];
  for (const [zone, years] of zones) {
    const rangeStart = Date.UTC(years.first - 1, 0, 1) / 1000;
    const rangeEnd = Date.UTC(years.last + 1, 11, 31) / 1000;
    const initial = { at: rangeStart, to: zoneOffsetSeconds(zone, rangeStart) };
    const transitions: { at: number; to: number }[] = [initial];
    for (let year = years.first - 1; year <= years.last + 1; year++) {
      for (const transition of transitionsInYear(zone, year)) {
        if (transition.at > rangeStart && transition.at <= rangeEnd) transitions.push(transition);
      }
    }
    if (transitions.length === 1) transitions.push(initial);
    lines.push('BEGIN:VTIMEZONE', `TZID:${zone}`);
    for (let index = 1; index < transitions.length; index++) {
      const transition = transitions[index]!;
      const type = zoneTimeType(zone, transition.at);
      const kind = type?.isDst ? 'DAYLIGHT' : 'STANDARD';
      lines.push(
        `BEGIN:${kind}`,
        `TZOFFSETFROM:${formatUtcOffset(transitions[index - 1]!.to)}`,
        `TZOFFSETTO:${formatUtcOffset(transition.to)}`,
        `TZNAME:${type?.abbr ?? ''}`,
        `DTSTART:${compact(formatUtc(transition.at))}`,
        `END:${kind}`,
      );
    }
    lines.push('END:VTIMEZONE');
  }
  return lines.join(CRLF) + CRLF;
}
