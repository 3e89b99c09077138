/**
 * npm run db:schema — writes src/server/db/schema.sql: the schema a fresh migrate produces on
 * the embedded database, from its catalogue. Run it after changing a migration or a file of
 * src/server/db/sql/, and commit the result: a test fails while the two differ.
 */
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, freshSchema } from '../src/server/db/schema-file';

writeFileSync(SCHEMA_FILE, await freshSchema());
console.log(`db:schema: wrote ${SCHEMA_FILE.pathname}`);
