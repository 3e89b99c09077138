import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  NO_TEAM,
  type TeamAnalytics,
  type TeamAnalyticsList,
} from '../../../../shared/schemas/analytics';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';
import { CallCentreMetrics } from './call-centre-metrics';
import { FigureList } from './figure-list';

type TeamCardFigures = Pick<TeamAnalytics, 'name' | 'description' | 'employeeCount' | 'figures'>;

/**
 * Spec §2: a super admin's first view — one card per team; choosing one shows its employees.
 * After them, the employees without a team (their team deleted, or removed from it) as a card
 * of their own: otherwise nothing here would lead to them.
 */
export function TeamCards({
  list,
  teamHref,
}: {
  list: TeamAnalyticsList;
  teamHref: (teamId: string) => string;
}) {
  const { teams, noTeam } = list;
  if (teams.length === 0 && !noTeam) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {analyticsMessages.noTeams}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {teams.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {analyticsMessages.noTeams}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {teams.map((team) => (
          <TeamCard key={team.id} team={team} href={teamHref(team.id)} />
        ))}
        {noTeam && (
          <TeamCard
            team={{
              name: analyticsMessages.noTeam,
              description: analyticsMessages.noTeamDescription,
              ...noTeam,
            }}
            href={teamHref(NO_TEAM)}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

function TeamCard({ team, href }: { team: TeamCardFigures; href: string }) {
  const titleId = useId();
  const { figures } = team;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="md"
      className={classes.card}
    >
      <Stack gap="sm">
        <div>
          <Text component="h3" fw={700} size="lg" id={titleId} m={0} className={classes.breakable}>
            <Link to={href} className={classes.cardLink}>
              {team.name}
            </Link>
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} className={classes.breakable}>
            {team.description || 'No description'}
          </Text>
        </div>
        <FigureList
          figures={[
            { label: 'Employees', value: team.employeeCount },
            { label: 'Total Calls', value: figures.totalCalls },
            { label: 'Answered', value: figures.answered },
            { label: 'Declined', value: figures.declined },
            { label: 'Missed', value: figures.missed },
          ]}
        />
        <CallCentreMetrics figures={figures} />
      </Stack>
    </Paper>
  );
}
