import { defineICalSuite } from './ical-suite.js';
import { ICAL_PENDING } from './ical-pending.js';

/**
 * The 148 recorded requests of TEC's iCal export (fixtures/reference-ical) on the reference dump
 * converted to SQLite, as the demo serves it: the same answers as on MariaDB.
 */
defineICalSuite({ title: 'iCal export contract on SQLite', dialect: 'sqlite', pending: ICAL_PENDING, servedCount: 147 });
