/**
 * npm run create-admin -- --username U --password P [--super] [--question Q --answer A]
 *
 * Creates an admin from the shell (scripts, tests, recovery). --question takes the question's
 * text or its number 1–8; run with --help to list them.
 */
import { parseArgs } from 'node:util';
import { adminCommandSchema } from '../src/shared/schemas/auth';
import { securityQuestions } from '../src/shared/security-questions';
import { ConfigError, loadConfig } from '../src/server/config';
import { createAdmin } from '../src/server/modules/admins/admins.service';
import { DataDirLockedError } from '../src/server/platform/data-dir-lock';
import { MigrationRefusedError } from '../src/server/db/pre-baseline';
import { openConfiguredDatabase } from '../src/server/platform/database';
import { AppError } from '../src/server/platform/errors';

const usage = `Usage: npm run create-admin -- --username U --password P [--super] [--question Q --answer A]

  --super      make a super admin (sees every team, manages admins and teams)
  --question   the security question for password reset: its number or exact text
  --answer     the answer to it

Security questions:
${securityQuestions.map((q, i) => `  ${i + 1}. ${q}`).join('\n')}`;

const flagOf: Record<string, string> = {
  username: 'username',
  password: 'password',
  isSuperAdmin: 'super',
  securityQuestion: 'question',
  securityAnswer: 'answer',
};

function fail(message: string): never {
  console.error(`create-admin: ${message}`);
  process.exit(1);
}

function parse() {
  let args;
  try {
    args = parseArgs({
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        super: { type: 'boolean', default: false },
        question: { type: 'string' },
        answer: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`);
  }
  if (args.help) {
    console.log(usage);
    process.exit(0);
  }
  const byNumber =
    args.question && /^[1-8]$/.test(args.question)
      ? securityQuestions[Number(args.question) - 1]
      : undefined;
  const parsed = adminCommandSchema.safeParse({
    username: args.username,
    password: args.password,
    isSuperAdmin: args.super,
    securityQuestion: byNumber ?? args.question,
    securityAnswer: args.answer,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = issue ? flagOf[String(issue.path[0])] : undefined;
    fail(`${flag ? `--${flag}: ` : ''}${issue?.message ?? 'invalid input'}\n\n${usage}`);
  }
  return parsed.data;
}

async function main() {
  const input = parse();
  const database = await openConfiguredDatabase(loadConfig(), 'create-admin');
  try {
    const admin = await database.db.transaction().execute((trx) =>
      createAdmin(
        trx,
        {
          username: input.username,
          password: input.password,
          isSuperAdmin: input.isSuperAdmin,
          security:
            input.securityQuestion && input.securityAnswer
              ? { question: input.securityQuestion, answer: input.securityAnswer }
              : null,
        },
        { actor: null, ip: 'command line', at: new Date() },
      ),
    );
    console.log(
      `Created ${input.isSuperAdmin ? 'super admin' : 'admin'} '${admin.username}' (${admin.id}).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof AppError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationRefusedError
  ) {
    fail(error.message);
  }
  console.error(error);
  process.exit(1);
});
