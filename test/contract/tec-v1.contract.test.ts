import { defineTecV1ReadSuite } from './tec-v1-suite.js';

/** The recorded tec/v1 reads (every non-writing case but /docs) replayed on MariaDB; see tec-v1-suite.ts. */
defineTecV1ReadSuite('mysql');
