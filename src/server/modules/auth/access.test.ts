import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessControl } from './access';

describe('registerAccessControl', () => {
  it('refuses an /api route that declares no access, and takes one that does', async () => {
    const app = Fastify();
    registerAccessControl(app);
    app.get('/api/declared', { config: { access: 'anyone' } }, async () => ({ ok: true }));
    app.get('/not-api', async () => 'page');
    expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(
      'GET /api/undeclared declares no access',
    );
    await app.ready();
    expect((await app.inject({ url: '/api/declared' })).statusCode).toBe(200);
  });
});
