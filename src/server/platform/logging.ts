/**
 * Fields that hold a secret wherever they appear in a logged object: passwords, security
 * answers, reset and session tokens, the session secret, voice providers' private keys.
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'confirmPassword',
  'newPassword',
  'securityAnswer',
  'answer',
  'token',
  'resetToken',
  'sessionSecret',
  'privateKey',
];

/** Headers that carry credentials: the session cookie going in and coming out. */
const SECRET_HEADERS = ['cookie', 'authorization', '["set-cookie"]'];

/**
 * pino's redaction for the server's logger: nothing logged today carries these (Fastify logs a
 * request's method, URL and address, not its headers or body), and this keeps it so when
 * someone logs a request, a body or an error carrying one. Secret fields are censored at the
 * top level and two levels down (`{ body: { password } }`, `{ req: { body: { password } } }`).
 */
export const logRedaction = {
  paths: [
    ...SECRET_HEADERS.flatMap((header) =>
      ['req.headers', 'res.headers', 'headers'].map((at) =>
        header.startsWith('[') ? `${at}${header}` : `${at}.${header}`,
      ),
    ),
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
  ],
  censor: '[redacted]',
};
