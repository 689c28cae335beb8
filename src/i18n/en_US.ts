import type { Catalogue } from './index.js';

/** English: the texts are their own keys, so the catalogue is empty and translation is identity. */
export const en_US: Catalogue = {};
