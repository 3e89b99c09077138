import { describe, expect, it } from 'vitest';
import { buildRoster } from './roster';

describe('buildRoster', () => {
  it('spreads agents evenly over the teams, with unique usernames, at benchmark size', () => {
    const roster = buildRoster({ teams: 7, agents: 2000, days: 60, seed: 3 });
    const sizes = roster.teams.map(
      (team) => roster.agents.filter((agent) => agent.teamNo === team.teamNo).length,
    );
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    const usernames = [
      roster.superAdminUsername,
      ...roster.teams.map((team) => team.leaderUsername),
      ...roster.agents.map((agent) => agent.username),
    ];
    expect(new Set(usernames.map((name) => name.toLowerCase())).size).toBe(usernames.length);
    expect(new Set(roster.teams.map((team) => team.name)).size).toBe(7);
  });

  it('is the same for the same seed, and names teams past the catalogue', () => {
    const options = { teams: 14, agents: 30, days: 60, seed: 11 };
    expect(buildRoster(options)).toEqual(buildRoster(options));
    expect(buildRoster({ ...options, seed: 12 })).not.toEqual(buildRoster(options));
    expect(buildRoster(options).teams[13]).toMatchObject({
      name: 'Team 14',
      leaderUsername: 'lead.team14',
    });
  });

  it('gives some agents habits that the analytics flag, and hires a few during the history', () => {
    const { agents } = buildRoster({ teams: 3, agents: 300, days: 60, seed: 1 });
    const slowWrapUp = agents.filter((agent) => agent.afterCallMedianSeconds >= 80);
    expect(slowWrapUp.length).toBeGreaterThan(10);
    expect(slowWrapUp.length).toBeLessThan(60);
    expect(agents.some((agent) => agent.takesLongBreaks)).toBe(true);
    const hired = agents.filter((agent) => agent.firstDay > 0);
    expect(hired.length).toBeGreaterThan(10);
    // Registered the day before their first shift.
    expect(hired.every((agent) => agent.createdDaysBefore === 1 - agent.firstDay)).toBe(true);
  });
});
