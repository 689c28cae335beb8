/** Event Tickets' `swagger_type` of its CSV-or-array arguments of strings (shown by /doc). */
export const STRING_LIST_SCHEMA = { oneOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] };

/** Event Tickets' `swagger_type` of its CSV-or-array arguments of IDs. */
export const ID_LIST_SCHEMA = { oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'string' }, { type: 'integer' }] };
