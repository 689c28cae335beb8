/** Schema.org JSON-LD of events, venues and organizers, as TEC attaches it to single-item answers. */
export { toEventJsonLd, jsonLdEventUrl, type EventJsonLdInput, type EventJsonLdSite } from './json-ld/event.js';
export { toVenueJsonLd } from './json-ld/place.js';
export { toOrganizerJsonLd, antispambot, type RandomSource } from './json-ld/person.js';
export { isJsonLdVisible, getTheTitle, type JsonLdObject, type JsonLdPost } from './json-ld/thing.js';
export { tribeExcerpt } from './json-ld/excerpt.js';
