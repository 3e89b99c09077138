import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { signedInAgent } from '../../test/agent';
import { newSuperAdmin } from '../../test/factories';
import { type TestApp, createTestApp } from '../../test/test-app';

const identities = ['Ava', 'Ben', 'Cleo', 'Dev'].map((name) => ({
  name,
  publicKey: `pk-${name}`,
  privateKey: `secret-${name}`,
  assistantId: `asst-${name}`,
  phoneId: `ph-${name}`,
  phoneNumber: '+12125550100',
}));
const withIdentities = await createTestApp({
  voice: { identities, apiBaseUrl: 'https://voice.example' },
});
const withNone = await createTestApp();

/** An agent with a call in progress, and a way to ask for its assistant. */
async function agentOnCall(t: TestApp) {
  const agent = await signedInAgent(t);
  const call = await t.db
    .insertInto('call_logs')
    .values({
      user_id: agent.agent.id,
      phone_number: '12125550100',
      call_type: 'inbound',
      call_status: 'answered',
      time_received: t.clock.now(),
      answered_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    ...agent,
    callId: call.id,
    session: () => agent.as('POST', '/api/voice/session', { callId: call.id }),
  };
}

describe('voice sessions', () => {
  it('hands out identities round-robin, public parts only, and records them on the call', async () => {
    const t = withIdentities;
    const names: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await (await agentOnCall(t)).session();
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('secret-');
      expect(response.body).not.toContain('ph-');
      names.push(response.json().name);
    }
    // The rotation starts at the first identity on a fresh database.
    expect(names).toEqual(['Ava', 'Ben', 'Cleo', 'Dev', 'Ava', 'Ben']);

    const agent = await agentOnCall(t);
    const first = (await agent.session()).json();
    expect(first).toEqual({
      provider: 'vapi',
      name: expect.any(String),
      publicKey: `pk-${first.name}`,
      assistantId: `asst-${first.name}`,
      baseUrl: 'https://voice.example',
    });
    expect((await agent.session()).json().name).toBe(first.name); // a reload: same identity
    const row = await t.db
      .selectFrom('call_logs')
      .select('voice_identity')
      .where('id', '=', agent.callId)
      .executeTakeFirstOrThrow();
    expect(row.voice_identity).toBe(first.name);
  });

  it('is the local assistant when no identity is configured', async () => {
    const agent = await agentOnCall(withNone);
    expect((await agent.session()).json()).toEqual({ provider: 'local' });
  });

  it('needs the agent’s own call in progress', async () => {
    const t = withIdentities;
    const agent = await agentOnCall(t);
    const other = await signedInAgent(t);
    const foreign = await other.as('POST', '/api/voice/session', { callId: agent.callId });
    expect(foreign.statusCode).toBe(404);
    await agent.as('POST', `/api/agent/calls/${agent.callId}/end`);
    expect((await agent.session()).statusCode).toBe(409);
  });

  it('lists names, assistant ids and calls taken for a super admin, never keys', async () => {
    const t = withIdentities;
    const admin = await signedInAgent(t, { agent: await newSuperAdmin(t.db) });
    const response = await admin.as('GET', '/api/voice/identities');
    expect(response.body).not.toMatch(/secret-|pk-/);
    const body = response.json();
    expect(body.provider).toBe('vapi');
    expect(body.identities.map((i: { name: string }) => i.name)).toEqual([
      'Ava',
      'Ben',
      'Cleo',
      'Dev',
    ]);
    const total = body.identities.reduce((sum: number, i: { calls: number }) => sum + i.calls, 0);
    expect(total).toBe(7); // the seven calls of the first test
  });
});

describe('voice configuration', () => {
  const env = (extra: Record<string, string>) => ({ DATA_DIR: '/tmp/x', ...extra });

  it('reads identities from VOICE_IDENTITIES or a file', () => {
    expect(loadConfig(env({})).voice.identities).toEqual([]);
    const inline = loadConfig(env({ VOICE_IDENTITIES: JSON.stringify(identities) }));
    expect(inline.voice.identities.map((i) => i.name)).toEqual(['Ava', 'Ben', 'Cleo', 'Dev']);
    const file = path.join(os.tmpdir(), `voice-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(identities.slice(0, 2)));
    expect(loadConfig(env({ VOICE_IDENTITIES_FILE: file })).voice.identities).toHaveLength(2);
  });

  it('stops at start with a message naming the variable', () => {
    const bad = (extra: Record<string, string>) => () => loadConfig(env(extra));
    expect(bad({ VOICE_IDENTITIES: '{not json' })).toThrow(/VOICE_IDENTITIES: not valid JSON/);
    expect(bad({ VOICE_IDENTITIES: JSON.stringify([{ name: 'A' }]) })).toThrow(
      /VOICE_IDENTITIES\[0\]\[publicKey\]/,
    );
    expect(bad({ VOICE_IDENTITIES: JSON.stringify([identities[0], identities[0]]) })).toThrow(
      /names must be unique/,
    );
    expect(bad({ VOICE_IDENTITIES_FILE: '/nonexistent/voice.json' })).toThrow(ConfigError);
  });
});
