import type { EntityRecord, EntityView } from './entity-record.js';
import type { TecTicketEntity } from './entity.types.js';
import { toCorePostFields, type CoreFieldsOptions } from './post-entity.mapper.js';
import { addModelProperties } from './linked-entity.mapper.js';
import { ticketProperties, type TicketParent } from './ticket-model.js';

/** Tickets Commerce's ticket type: registered without supports, so core shows title and content only, and not viewable. */
const TICKET_CORE_FIELDS: CoreFieldsOptions = { taxonomies: [], viewable: false, supports: [] };

/**
 * A Tickets Commerce ticket as tec/v1 shows it: core's wp/v2 fields for the context, then
 * Ticket_Model's properties (Post_Entity_Endpoint::add_properties_to_model), whatever the context.
 */
export function toTecTicketEntity(record: EntityRecord, parent: TicketParent | undefined, view: EntityView): TecTicketEntity {
  const core = toCorePostFields(record, view, TICKET_CORE_FIELDS);
  return addModelProperties(core, ticketProperties(record.post, record.meta, parent, view.site.timezone, view.now));
}
