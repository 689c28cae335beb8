import { createHash } from 'node:crypto';
import ical, { ICalCalendarMethod, type ICalEventData } from 'ical-generator';
import type { RequestContext } from '../../http/request-context.js';
import { OptionName } from '../../wp/constants.js';
import { asRecord, maybeUnserialize } from '../../wp/php/php-values.js';
import { selectOptions } from '../../wp/site/options.repository.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';
import { sanitizeTitle } from '../../wp/text/slugs.js';
import { icalZoneOf, toICalEventData } from './events.ical.mapper.js';
import { toVTimezone } from './events.ical.zones.js';
import type { ListEventsQuery } from './events.schemas.js';
import { listEventEntries } from './events.service.js';

/** The events TEC's feed exports when nothing filters the count (Tribe__Events__iCal::$feed_default_export_count). */
export const ICAL_FEED_DEFAULT_COUNT = 30;

/** The TEC version PRODID names when the site's options record none (the version the reference site runs). */
const FALLBACK_TEC_VERSION = '6.17.2';

export interface EventsCalendar {
  /** The iCalendar text. */
  text: string;
  /** TEC's download name: `{site slug}-{11 hex digits}.ics`. */
  filename: string;
  total: number;
  totalPages: number;
}

/**
 * The page of GET /events as an iCalendar feed: the list's own query, visibility and errors
 * (listEventEntries), each event a VEVENT (toICalEventData), each zone a TZID names one
 * VTIMEZONE covering the events' years, and the calendar properties TEC's get_start writes.
 */
export async function getEventsCalendar(ctx: RequestContext, query: ListEventsQuery): Promise<EventsCalendar> {
  const { list, entries } = await listEventEntries(ctx, query);
  const options = await selectOptions(ctx.db, [OptionName.blogname, OptionName.tecOptions]);
  // get_bloginfo('name') through sanitize_text_field, as TEC's get_start reads it.
  const blogName = sanitizeTextField(options.get(OptionName.blogname) ?? '');
  const tecVersion = String(asRecord(maybeUnserialize(options.get(OptionName.tecOptions) ?? '')).latest_ecp_version ?? '') || FALLBACK_TEC_VERSION;
  const host = new URL(ctx.urls.home).hostname;

  const events: ICalEventData[] = [];
  // The years each TZID zone must cover.
  const zoneYears = new Map<string, { first: number; last: number }>();
  for (const entry of entries) {
    const data = toICalEventData({
      event: entry.resource,
      post: entry.source.post,
      contentReadable: entry.contentReadable,
      site: ctx.site,
      host,
    });
    if (!data) continue;
    events.push(data);
    if (data.allDay || entry.resource.utc_start_date === null || entry.resource.utc_end_date === null) continue;
    const zone = icalZoneOf(entry.resource, ctx.site);
    const first = Number(entry.resource.utc_start_date.slice(0, 4));
    const last = Number(entry.resource.utc_end_date.slice(0, 4));
    const known = zoneYears.get(zone);
    zoneYears.set(zone, { first: Math.min(first, known?.first ?? first), last: Math.max(last, known?.last ?? last) });
  }

  const calendar = ical({
    // TEC: `-//{site name} - ECPv{version}//NONSGML v1.0//EN` (ical-generator adds the leading `-`).
    prodId: `//${blogName} - ECPv${tecVersion}//NONSGML v1.0//EN`,
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    // X-WR-CALNAME (ical-generator also writes RFC 7986's NAME beside it).
    name: blogName === '' ? null : blogName,
    // TEC translates this text (`iCal feed description`); it is written in English here.
    description: `Events for ${blogName}`,
    timezone: {
      name: null,
      generator: (zone) => {
        const years = zoneYears.get(zone);
        return years ? toVTimezone(zone, years.first, years.last) : null;
      },
    },
    // get_bloginfo('url'): the site's address, as this service prints it.
    x: { 'X-ORIGINAL-URL': ctx.urls.base },
    events,
  });

  const ids = entries.map((entry) => entry.resource.id).join('');
  const hash = createHash('md5').update(`ical${ids}`).digest('hex').slice(0, 11);
  return {
    text: calendar.toString(),
    filename: `${sanitizeTitle(blogName, ctx.site.language)}-${hash}.ics`,
    total: list.total,
    totalPages: list.total_pages,
  };
}
