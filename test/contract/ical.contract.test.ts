import { defineICalSuite } from './ical-suite.js';
import { ICAL_PENDING } from './ical-pending.js';

/**
 * The 148 recorded requests of TEC's iCal export at the site's front-end URLs
 * (fixtures/reference-ical), on MariaDB: every case not in ICAL_PENDING identical.
 */
defineICalSuite({ title: 'iCal export contract', pending: ICAL_PENDING, servedCount: 147 });
