/**
 * npm run demo -- [--teams 3] [--agents 30] [--days 60] [--seed 1] [--force]
 *
 * Fills the configured database with a demo call centre and prints its sign-ins; --help says
 * more. The command is src/server/demo/cli.ts, the generator src/server/demo/generate.ts.
 */
import { runDemo } from '../src/server/demo/cli';

process.once('SIGINT', () => {
  // The one transaction never commits: the database stays as it was.
  process.stderr.write('\ndemo: interrupted; nothing was written.\n');
  process.exit(130);
});

runDemo(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTerminal: process.stderr.isTTY === true,
})
  .then((status) => process.exit(status))
  .catch((error: unknown) => {
    console.error('demo: failed; no demo data was written.');
    console.error(error);
    process.exit(1);
  });
