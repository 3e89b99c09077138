import { randomUUID } from 'node:crypto';
import { DiagnosticSeverity, Parser } from '@asyncapi/parser';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  LIVE_PATH,
  type LiveEvent,
  type LiveTabMessage,
  liveCloseCodes,
  liveCloseReasons,
  liveEventSchema,
  liveRetryCloseCodes,
  liveTabMessageSchema,
} from '../../../shared/live';
import { ASYNCAPI_PATH, SESSION_SCHEME } from '../../platform/api-docs';
import { connectLive, ringingAgent } from '../../test/agent';
import { newSuperAdmin } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { createTestApp } from '../../test/test-app';
import { SESSION_COOKIE } from '../auth/sessions';
import type { LiveAsyncApi } from './asyncapi';

const t = await createTestApp();
const served = await t.app.inject({ method: 'GET', url: ASYNCAPI_PATH });
const document = served.json<LiveAsyncApi>();
const messages = Object.values(document.components.messages);
const messageNamed = (type: string) => messages.find((message) => message.name === type);
const eventTypes = liveEventSchema.options.map((event) => event.shape.type.value);

describe(`GET ${ASYNCAPI_PATH}`, () => {
  it('is JSON anyone may read, without a session', () => {
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
  });

  it('is an AsyncAPI 3.0.0 document the AsyncAPI parser finds no error in', async () => {
    expect(document.asyncapi).toBe('3.0.0');
    const diagnostics = await new Parser().validate(served.body);
    const errors = diagnostics
      .filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error)
      .map((diagnostic) => `${diagnostic.path.join('.')}: ${diagnostic.message}`);
    expect(errors).toEqual([]);
  });

  it('has the server send every live event and receive the tab message, on the one channel', async () => {
    const { document: parsed } = await new Parser().parse(served.body);
    const operations = parsed!.operations().all();
    const summary = operations.map((operation) => ({
      action: operation.action(),
      channels: operation
        .channels()
        .all()
        .map((channel) => channel.address()),
      messages: operation
        .messages()
        .all()
        .map((message) => message.name()),
    }));
    expect(summary).toEqual([
      { action: 'send', channels: [LIVE_PATH], messages: eventTypes },
      { action: 'receive', channels: [LIVE_PATH], messages: ['tab'] },
    ]);
    expect(
      parsed!
        .channels()
        .all()
        .map((channel) => channel.address()),
    ).toEqual([LIVE_PATH]);
  });
});

describe('its messages', () => {
  it('are the live events and the tab message, each under its type camel-cased', () => {
    expect(messages.map((message) => message.name).sort()).toEqual([...eventTypes, 'tab'].sort());
    for (const [key, message] of Object.entries(document.components.messages)) {
      expect(key).toBe(
        message.name.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase()),
      );
    }
  });

  // Derived from the union's members, so a new event type is checked here without a list.
  it.each(liveEventSchema.options.map((event) => [event.shape.type.value, event] as const))(
    '%s: its payload is the event schema as JSON Schema, with its description',
    (type, event) => {
      const message = messageNamed(type);
      expect(message?.payload).toEqual(z.toJSONSchema(event, { target: 'draft-07' }));
      expect(message?.payload.properties?.type).toMatchObject({ const: type });
      // Each event says who gets it (the text lives with the document, not the pages).
      expect(message?.description).toMatch(/^To (an agent|an admin|everyone)/);
    },
  );

  it('tab: its payload is the tab message as the input the server parses', () => {
    const message = messageNamed('tab');
    expect(message?.payload).toEqual(
      z.toJSONSchema(liveTabMessageSchema, { target: 'draft-07', io: 'input' }),
    );
    expect(message?.description).toBe(liveTabMessageSchema.description);
  });

  it('fit the events a server really sends, of every type, and the tab message', async () => {
    const agent = await ringingAgent(t);
    const admin = await signInAs(t, await newSuperAdmin(t.db));
    const floor = await connectLive(t.app, { cookie: admin.cookie });
    await vi.waitFor(() => expect(floor.events[0]?.type).toBe('floor.snapshot'));
    const answered = await agent.as('POST', `/api/agent/calls/${agent.call.id}/answer`);
    expect(answered.statusCode, answered.body).toBe(200);
    await vi.waitFor(() =>
      expect(floor.events.some((event) => event.type === 'floor.agent')).toBe(true),
    );
    // A team's queue opens: its tile comes.
    const created = await admin.as('POST', '/api/teams', { name: `Queue ${randomUUID()}` });
    const teamId = created.json<{ team: { id: string } }>().team.id;
    await admin.as('PUT', `/api/teams/${teamId}/inbound`, { mode: 'queue' });
    await vi.waitFor(() =>
      expect(floor.events.some((event) => event.type === 'floor.queue')).toBe(true),
    );
    const sent: LiveEvent[] = [
      ...agent.live.events,
      ...floor.events,
      // Sent only while the database is unreachable, which this app's never is.
      { type: 'server.database', reachable: false },
    ];

    for (const type of eventTypes) {
      const payload = z.fromJSONSchema(messageNamed(type)!.payload);
      const ofType = sent.filter((event) => event.type === type);
      expect(ofType.length, `a real ${type} event for this test`).toBeGreaterThan(0);
      for (const event of ofType) expect(payload.safeParse(event).error).toBeUndefined();
      // The check has teeth: another type's event does not fit.
      const other = sent.find((event) => event.type !== type);
      expect(payload.safeParse(other).success).toBe(false);
    }
    const tab = z.fromJSONSchema(messageNamed('tab')!.payload);
    const greeting: LiveTabMessage = { type: 'tab', tab: randomUUID() };
    expect(tab.safeParse(greeting).error).toBeUndefined();
    expect(tab.safeParse({ type: 'tab', tab: 'not-a-uuid' }).success).toBe(false);
    agent.live.socket.terminate();
    floor.socket.terminate();
  });
});

describe('the live channel', () => {
  const channel = document.channels.live;

  it('names every close code with its reasons, from the shared constants', () => {
    const codes = [...Object.values(liveCloseCodes), ...Object.values(liveRetryCloseCodes)];
    for (const code of codes) expect(channel.description).toContain(`\`${code}\``);
    for (const reason of Object.values(liveCloseReasons)) {
      expect(channel.description).toContain(`"${reason}"`);
    }
    for (const code of Object.values(liveCloseCodes)) {
      expect(channel.description).toMatch(
        new RegExp(`\`${code}\`[^\\n]*Final: the browser does not reconnect`),
      );
    }
  });

  it('is authenticated by the session cookie, on both servers', () => {
    expect(document.components.securitySchemes[SESSION_SCHEME]).toMatchObject({
      type: 'httpApiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    const ref = { $ref: `#/components/securitySchemes/${SESSION_SCHEME}` };
    for (const server of Object.values(document.servers)) expect(server.security).toEqual([ref]);
  });
});
