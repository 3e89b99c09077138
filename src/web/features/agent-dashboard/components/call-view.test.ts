import { describe, expect, it } from 'vitest';
import { SERVER_NOW, activeCall, agentState, at, ringingCall } from '../../../test/agent-fixtures';
import { callView } from './call-view';

const ms = (iso: string) => Date.parse(iso);

describe('callView', () => {
  it('is empty without a call', () => {
    expect(callView(agentState(), ms(SERVER_NOW))).toEqual({ kind: 'none' });
  });

  it('counts a ring down in whole seconds to its deadline, resting at zero', () => {
    const state = agentState({ call: ringingCall() });
    const secondsLeft = (iso: string) => {
      const view = callView(state, ms(iso));
      return view.kind === 'ringing' ? view.secondsLeft : undefined;
    };
    expect(secondsLeft(SERVER_NOW)).toBe(20);
    expect(secondsLeft(at(0.2))).toBe(20);
    expect(secondsLeft(at(1))).toBe(19);
    expect(secondsLeft(at(19.5))).toBe(1);
    expect(secondsLeft(at(20))).toBe(0);
    expect(secondsLeft(at(45))).toBe(0);
  });

  it('connects for connectDelayMs after the answer, then times the call from the answer', () => {
    const state = agentState({ status: 'on_call', call: activeCall(0) });
    expect(callView(state, ms(at(2.499))).kind).toBe('connecting');
    expect(callView(state, ms(at(2.5)))).toMatchObject({ kind: 'active', elapsedSeconds: 2.5 });
    expect(callView(state, ms(at(75)))).toMatchObject({ kind: 'active', elapsedSeconds: 75 });
  });

  it('honours the connect delay the server gives', () => {
    const state = agentState({ status: 'on_call', call: activeCall(0), connectDelayMs: 0 });
    expect(callView(state, ms(SERVER_NOW)).kind).toBe('active');
  });
});
