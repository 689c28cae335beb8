import { postPermalink } from '../../wp/site/urls.js';
import { escHtml } from '../../wp/text/escaping.js';
import { getTheTitle } from '../../wp/json-ld/thing.js';
import { phpListFilter } from '../../wp/php/php-empty.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import { eventCostOf } from '../../wp/tickets/event-cost.js';
import { ticketedFlag } from '../../wp/tickets/event-tickets.js';
import { toEventModel } from '../../wp/tec/event-model.js';
import { scheduleDetails, shortScheduleDetails } from '../../wp/tec/schedule-details.js';
import { formatInZone } from '../../wp/tec/dates.js';
import type { EventRecord, EntityView } from './entity-record.js';
import type { PasswordMasked, TecEventEntity, TecEventProperties } from './entity.types.js';
import { EVENT_CORE_FIELDS, toCorePostFields } from './post-entity.mapper.js';
import { addModelProperties, toTecLinkedEntity } from './linked-entity.mapper.js';
import { hidePasswordProtectedData } from './password-mask.js';

/**
 * An event as tec/v1 shows it (Events / Event: get_formatted_entity): core's wp/v2 fields for the
 * request's context, then Event::get_properties_to_add in the model's order, the venues and
 * organizers as their own endpoints show them, the whole masked while the event's password is
 * not unlocked (the nested lists then empty). Pure: the record and the view are all it reads.
 * Used for reads and for the answers of writes.
 */
export function toTecEventEntity(record: EventRecord, view: EntityView): TecEventEntity | PasswordMasked<TecEventEntity> {
  const { post, meta } = record;
  const core = toCorePostFields(record, view, EVENT_CORE_FIELDS);
  // Event Tickets' rest_prepare_{post_type} filter, for the types tickets are sold for, ends core's fields.
  const eventTickets = view.site.plugins.eventTickets;
  if (eventTickets && record.tickets && eventTickets.postTypes.includes(post.post_type)) core.ticketed = ticketedFlag(record.tickets, eventTickets);
  const model = toEventModel(meta, { siteZone: view.site.timezone, timezoneMode: view.site.tec.timezoneMode, multiDayCutoff: view.site.tec.multiDayCutoff }, view.now);
  const masked = postPasswordRequired(post) && !view.passwordUnlocked;
  let properties: Partial<TecEventProperties> = {};
  if (model) {
    // The schedule lines are empty for any post with a password, unlocked or not (TEC renders
    // them with post_password_required() as the template sees it).
    const schedule = {
      start: model.display.start,
      end: model.display.end,
      allDay: model.all_day,
      multiday: model.multiday,
      currentYear: formatInZone(Math.floor(view.now.getTime() / 1000), view.site.timezone).slice(0, 4),
    };
    const hasPassword = post.post_password !== '';
    properties = {
      start_date: model.start_date,
      start_date_utc: model.start_date_utc,
      end_date: model.end_date,
      end_date_utc: model.end_date_utc,
      dates: model.dates,
      timezone: model.timezone,
      duration: model.duration,
      multiday: model.multiday,
      is_past: model.is_past,
      is_now: model.is_now,
      all_day: model.all_day,
      // Set only when the model is built for a date (a week view); the REST API builds it raw.
      starts_this_week: null,
      ends_this_week: null,
      this_week_duration: null,
      happens_this_week: null,
      displays_on: [],
      featured: model.featured,
      sticky: post.menu_order === -1,
      cost: eventCostOf(meta, view.site, record.tickets),
      // Organizer::get_fetch_names_callback: tribe_get_organizer, esc_html( get_the_title() ), with
      // the "Protected: " / "Private: " prefixes core's controller drops only from the entities' own
      // titles; array_filter then drops empty names, keeping the others' indexes.
      organizer_names: phpListFilter(record.organizers.map((organizer) => escHtml(getTheTitle(organizer.post)))),
      organizers: masked ? [] : record.organizers.map((organizer) => toTecLinkedEntity(organizer, view)),
      venues: masked ? [] : record.venues.map((venue) => toTecLinkedEntity(venue, view)),
      permalink: postPermalink(view.urls, post, view.viewer),
      schedule_details: hasPassword ? '' : scheduleDetails(schedule),
      short_schedule_details: hasPassword ? '' : shortScheduleDetails(schedule),
    };
  }
  const entity: TecEventEntity = addModelProperties(core, properties);
  return masked ? hidePasswordProtectedData(entity) : entity;
}
