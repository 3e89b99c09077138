/**
 * npm run api:docs — writes docs/openapi.json and docs/asyncapi.json: the API's descriptions as
 * the server serves them. Run it after changing a route or a shared schema and commit the
 * result: a test fails while they differ.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { migrateToLatest } from '../src/server/db/migrate';
import { ASYNCAPI_FILE, ASYNCAPI_PATH, OPENAPI_FILE } from '../src/server/platform/api-docs';
import { openDatabase } from '../src/server/platform/database';

const database = await openDatabase({});
try {
  await migrateToLatest(database.db);
  const app = await buildApp(testConfig(), database);
  for (const [url, file] of [
    ['/api/openapi.json', OPENAPI_FILE],
    [ASYNCAPI_PATH, ASYNCAPI_FILE],
  ] as const) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    writeFileSync(file, `${JSON.stringify(response.json(), null, 2)}\n`);
    console.log(`api:docs: wrote ${file}`);
  }
  await app.close();
} finally {
  await database.close();
}
