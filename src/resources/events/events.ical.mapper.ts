import { decodeHTMLStrict } from 'entities/decode';
import type {
  ICalEventData,
  ICalTemporalPlainDateStub,
  ICalTemporalPlainDateTimeStub,
  ICalTemporalZonedDateTimeStub,
} from 'ical-generator';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { formatInZone, isKnownZoneName, siteWallTimeToUtc } from '../../wp/tec/dates.js';
import { isUtcZone } from '../../wp/tec/events-query.js';
import { wpStripAllTags } from '../../wp/text/kses.js';
import type { SiteSettings } from '../../wp/site/site.js';
import type { EventResource } from './events.types.js';

/**
 * One VEVENT as TEC's iCal export writes it (Tribe__Events__iCal::get_ical_output_for_an_event),
 * built from the event as GET /events answers it plus its post row; ical-generator escapes and
 * folds the text. Where this differs from TEC, the comment at the field says so.
 */

/** What TEC writes for a password-protected event it may not show (`tec_events_ical_protected_content_description`). */
export const PROTECTED_DESCRIPTION = 'Content is protected.';

export interface ICalEventInput {
  event: EventResource;
  post: PostRow;
  /** The list shows the event's protected fields (no password, or one the request unlocks). */
  contentReadable: boolean;
  site: Pick<SiteSettings, 'timezone' | 'tec'>;
  /** The host of the site's home URL, for the UID. */
  host: string;
}

/** A date-time on the wall clock of the zone ical-generator writes as TZID (a Temporal.PlainDateTime stand-in). */
class WallTime implements ICalTemporalPlainDateTimeStub {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;

  /** From `Y-m-d H:i:s`. */
  constructor(value: string) {
    const [year, month, day, hour, minute, second] = value.split(/[- :]/).map(Number);
    this.year = year!;
    this.month = month!;
    this.day = day!;
    this.hour = hour!;
    this.minute = minute!;
    this.second = second!;
  }

  toPlainDate(): ICalTemporalPlainDateStub {
    return new CalendarDay(this.year, this.month, this.day);
  }

  /** The same wall time, named in `timeZoneId`: ical-generator then writes it as it is after `TZID=`. */
  toZonedDateTime(timeZoneId: string): ICalTemporalZonedDateTimeStub {
    const plain = this as WallTime;
    const zoned: ICalTemporalZonedDateTimeStub = {
      year: plain.year,
      month: plain.month,
      day: plain.day,
      hour: plain.hour,
      minute: plain.minute,
      second: plain.second,
      timeZoneId,
      toInstant: () => {
        throw new Error('a wall time has no instant of its own');
      },
      toPlainDateTime: () => plain,
      withTimeZone: () => zoned,
      toJSON: () => plain.toString(),
      toString: () => plain.toString(),
    };
    return zoned;
  }

  toJSON(): string {
    return this.toString();
  }

  toString(): string {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${this.year}-${pad(this.month)}-${pad(this.day)}T${pad(this.hour)}:${pad(this.minute)}:${pad(this.second)}`;
  }
}

/** A calendar day, for all-day events' DATE values (a Temporal.PlainDate stand-in). */
class CalendarDay implements ICalTemporalPlainDateStub {
  constructor(
    readonly year: number,
    readonly month: number,
    readonly day: number,
  ) {}

  /** From the date part of `Y-m-d H:i:s`, `days` later. */
  static of(value: string, days = 0): CalendarDay {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number);
    const shifted = new Date(Date.UTC(year!, month! - 1, day! + days));
    return new CalendarDay(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
  }

  /** ical-generator tells a plain date from a date-time by this method and the missing `hour`. */
  toPlainDateTime(): WallTime {
    return new WallTime(`${this.toString()} 00:00:00`);
  }

  toJSON(): string {
    return this.toString();
  }

  toString(): string {
    return `${this.year}-${String(this.month).padStart(2, '0')}-${String(this.day).padStart(2, '0')}`;
  }
}

/** Unix seconds of a UTC `Y-m-d H:i:s`. */
function unixOf(utc: string): number {
  return Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000;
}

/**
 * Tribe__Events__iCal::get_timezone: the event's own zone in TEC's `event` timezone mode (its site's
 * when it has none, as get_event_timezone_string falls back), else the site's. A name neither
 * Intl nor the `UTC+N` form knows becomes UTC, as Timezones::build_timezone_object falls back to
 * UTC for it; UTC itself, and `UTC+0`, are `UTC` (ical-generator writes those times with `Z`).
 */
export function icalZoneOf(event: Pick<EventResource, 'timezone'>, site: Pick<SiteSettings, 'timezone' | 'tec'>): string {
  const zone = site.tec.timezoneMode === 'event' && event.timezone !== '' ? event.timezone : site.timezone;
  if (isUtcZone(zone)) return 'UTC';
  if (/^UTC[+-]\d+(\.\d+)?$/.test(zone) || isKnownZoneName(zone)) return zone;
  return 'UTC';
}

/** Tribe__Events__iCal::replace without its own escaping: html_entity_decode, carriage returns dropped. */
export function icalText(text: string): string {
  return decodeHTMLStrict(text).replace(/\r/g, '');
}

/** The DESCRIPTION text of rendered content: a space after each paragraph, tags stripped, entities decoded. */
export function icalDescription(html: string): string {
  return icalText(wpStripAllTags(html.split('</p>').join('</p> ')));
}

type VenueFields = Record<string, unknown>;

/** The event's first venue, as tribe_get_venue_id reads the first `_EventVenueID`. */
function firstVenue(event: EventResource): VenueFields | undefined {
  const venue = Array.isArray(event.venue) ? event.venue[0] : event.venue;
  return venue && typeof venue === 'object' && Object.keys(venue).length > 0 ? venue : undefined;
}

/** tribe_get_region: the state or province field, else the state for a United States address, else the province. */
export function venueRegion(venue: VenueFields): string {
  const field = (key: string) => (typeof venue[key] === 'string' ? (venue[key] as string) : '');
  return field('stateprovince') || (field('country') === 'United States' ? field('state') : field('province'));
}

/**
 * Tribe__Events__Venue::get_address_full_string: venue name, address, city, region (the state or
 * province field, else the state for a United States address, else the province), zip and
 * country, the present ones joined by `, `.
 */
export function venueAddress(venue: VenueFields): string {
  const field = (key: string) => (typeof venue[key] === 'string' ? (venue[key] as string) : '');
  return [field('venue'), field('address'), field('city'), venueRegion(venue), field('zip'), field('country')]
    .filter((part) => part !== '')
    .join(', ');
}

/**
 * Tribe__Events__iCal::sanitize_organizer_name keeps a name fit for a quoted CN parameter: double
 * quotes become single ones. TEC also percent-encodes `;`, `:`, `,` and every non-ASCII character
 * (rawurlencode); those are allowed in a quoted parameter, so they are kept here, and control
 * characters, which are not, are dropped.
 */
function organizerName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return icalText(name).replace(/"/g, "'").replace(/[\x00-\x1f\x7f]/g, '');
}

/** wp_strtotime of a post's local date: its GMT column when WordPress filled it, else the local one read in the site's zone. */
function postInstant(gmt: string, local: string, siteZone: string): Date {
  const utc = gmt !== '0000-00-00 00:00:00' ? gmt : siteWallTimeToUtc(local, siteZone);
  return new Date(unixOf(utc) * 1000);
}

/**
 * The VEVENT of one listed event; null for an event without start or end (no DTSTART can be
 * written, and TEC's list never holds one).
 */
export function toICalEventData({ event, post, contentReadable, site, host }: ICalEventInput): ICalEventData | null {
  if (event.utc_start_date === null || event.utc_end_date === null) return null;
  const startUnix = unixOf(event.utc_start_date);
  const endUnix = unixOf(event.utc_end_date);
  const zone = icalZoneOf(event, site);
  const modified = postInstant(post.post_modified_gmt, post.post_modified, site.timezone);
  const timing: Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'timezone'> =
    event.all_day === true
      ? {
          // TEC: DATE values, DTEND the day after the last day (the end is 23:59:59 of that day).
          allDay: true,
          start: CalendarDay.of(event.start_date ?? formatInZone(startUnix, zone)),
          end: CalendarDay.of(event.end_date ?? formatInZone(endUnix, zone), 1),
        }
      : {
          // TEC formats both ends in the site's zone whatever TZID it names (build_date_object
          // without a zone); here they are the event's instants on the TZID zone's wall clock.
          timezone: zone,
          start: new WallTime(formatInZone(startUnix, zone)),
          end: new WallTime(formatInZone(endUnix, zone)),
        };
  const data: ICalEventData = {
    ...timing,
    // TEC: `{ID}-{start}-{end}@{home host}`, the start and end as unix timestamps.
    id: `${event.id}-${startUnix}-${endUnix}@${host}`,
    // TEC 6.15.6 ties DTSTAMP to the modified time so that the feed only changes with its events.
    stamp: modified,
    created: postInstant(post.post_date_gmt, post.post_date, site.timezone),
    lastModified: modified,
    // TEC: the raw title, tags stripped, entities decoded (not the_title's texturized one).
    summary: icalText(wpStripAllTags(post.post_title)),
    // TEC renders post_content through the_content (leaving its own blocks out); the list's
    // rendered description is that rendering.
    description: contentReadable ? icalDescription(event.description) : PROTECTED_DESCRIPTION,
    url: event.url,
  };
  const venue = firstVenue(event);
  const address = venue ? venueAddress(venue) : '';
  if (address !== '') {
    const lat = venue?.geo_lat;
    const lng = venue?.geo_lng;
    // GEO is ours: TEC writes none. The JSON has coordinates only while Pro is active, both non-zero.
    data.location =
      typeof lat === 'number' && typeof lng === 'number'
        ? { title: icalText(address), geo: { lat, lon: lng } }
        : icalText(address);
  }
  if (event.categories.length > 0) {
    data.categories = event.categories.map((term) => ({ name: icalText(term.name) }));
  }
  // TEC writes `ATTACH;FMTTYPE={mime}:{url}`; ical-generator writes attachments as bare URIs.
  if (contentReadable && event.image !== false && typeof event.image.url === 'string') {
    data.attachments = [event.image.url];
  }
  // tribe_get_organizer_email of the first organizer; no e-mail, no ORGANIZER.
  const organizer = event.organizer[0];
  if (organizer && typeof organizer.email === 'string' && organizer.email !== '') {
    data.organizer = { name: organizerName(String(organizer.organizer ?? '')), email: icalText(organizer.email) };
  }
  return data;
}
