/** Schema.org JSON-LD of events, venues and organizers, as TEC attaches it to single-item answers. */
export { toEventJsonLd, jsonLdEventUrl, type EventJsonLdInput, type EventJsonLdSite } from './event.js';
export { toVenueJsonLd } from './place.js';
export { toOrganizerJsonLd, antispambot, type RandomSource } from './person.js';
export { isJsonLdVisible, getTheTitle, type JsonLdObject, type JsonLdPost } from './thing.js';
export { tribeExcerpt } from './excerpt.js';
