import { defineTecV1ReadSuite } from './tec-v1-suite.js';

/** The recorded tec/v1 reads replayed on the reference dump converted to SQLite: the same answers as on MariaDB. */
defineTecV1ReadSuite('sqlite');
