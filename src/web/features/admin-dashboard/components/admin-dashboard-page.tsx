import { Grid, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { Dashboard } from '../../../../shared/schemas/dashboard';
import { RELATIVE_TIME_TICK_MS } from '../../../lib/timings';
import { useNow } from '../../../lib/use-now';
import { useDashboard } from '../api/get-dashboard';
import { signedPercent, trendColor } from './format-percent';
import { QuickActions } from './quick-actions';
import { RecentActivities } from './recent-activities';
import { type FiguresStatus, StatCard } from '../../../components/stat-card';
import { formatCount, formatPercentage } from '../../../lib/format-number';
import { Sparkline } from '../../../components/sparkline';

/**
 * Spec §2 'Admin dashboard': four figure cards, the newest employees and quick actions, all
 * within the viewer's team scope. It refreshes itself (see useDashboard).
 */
export function AdminDashboardPage() {
  const dashboard = useDashboard();
  const now = useNow(RELATIVE_TIME_TICK_MS);
  // A refresh can land between ticks: never word a registration against an older clock.
  const wordingNow = new Date(Math.max(now.getTime(), dashboard.dataUpdatedAt));
  const figures = dashboard.data;
  const status: FiguresStatus = figures ? 'ready' : dashboard.isError ? 'failed' : 'loading';

  useEffect(() => {
    // Spec §8: a dashboard load error is logged, never shown; the last figures stay.
    if (dashboard.error) console.error('The dashboard could not be loaded', dashboard.error);
  }, [dashboard.error]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Dashboard</Title>
        <Text c="dimmed">Your call centre at a glance</Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          title="Total Employees"
          icon={IconUsers}
          color="blue"
          status={status}
          value={figures && formatCount(figures.employees.total)}
          detail={figures && <Trend percent={figures.employees.growthPercent} label="this month" />}
          sparkline={
            <CardTrend name="Employees" trend={figures?.trend} series="employees" color="blue" />
          }
        />
        <StatCard
          title="New This Month"
          icon={IconUserPlus}
          color="teal"
          status={status}
          value={figures && formatCount(figures.employees.newThisMonth)}
          detail={
            figures && (
              <Trend
                percent={figures.employees.changeVersusLastMonthPercent}
                label="vs last month"
              />
            )
          }
          sparkline={
            <CardTrend
              name="Registrations per day"
              trend={figures?.trend}
              series="registrations"
              color="teal"
            />
          }
        />
        <TeamsCard status={status} teams={figures?.teams} trend={figures?.trend} />
        <StatCard
          title="Performance"
          icon={IconPhoneCall}
          color="violet"
          status={status}
          value={figures && formatPercentage(figures.calls.performancePercent)}
          detail="of calls answered"
          footer={
            figures && (
              <Progress
                value={figures.calls.performancePercent}
                color="violet"
                size="sm"
                mt="sm"
                aria-hidden
              />
            )
          }
          sparkline={
            <CardTrend
              name="Performance"
              trend={figures?.trend}
              series="performancePercent"
              color="violet"
              format={formatPercentage}
              domain={[0, 100]}
            />
          }
        />
      </SimpleGrid>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <RecentActivities recentEmployees={figures?.recentEmployees} now={wordingNow} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <QuickActions />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** '+75% this month': the sign and colour say which way it went. */
function Trend({ percent, label }: { percent: number; label: string }) {
  return (
    <>
      <Text span inherit fw={600} c={trendColor(percent)}>
        {signedPercent(percent)}
      </Text>{' '}
      {label}
    </>
  );
}

/** 'YYYY-MM-DD' → 'Nov 3'. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A card's sparkline of one of the dashboard's day series, named by its first and last figures
 * and its range; nothing before the figures come, or for a series without days (no team).
 */
function CardTrend({
  name,
  trend,
  series,
  color,
  format = formatCount,
  domain,
}: {
  name: string;
  trend: Dashboard['trend'] | undefined;
  series: Exclude<keyof Dashboard['trend'], 'days'>;
  color: string;
  format?: (value: number) => string;
  domain?: [number, number];
}) {
  if (!trend) return null;
  const { days } = trend;
  const values = trend[series];
  const known = values.flatMap((value, index) =>
    value === null ? [] : [{ value, day: dayLabel(days[index]!) }],
  );
  const first = known[0];
  const last = known.at(-1);
  if (!first || !last) return null;
  const figures = known.map((point) => point.value);
  const label =
    `${name}, last ${formatCount(days.length)} days: ${format(first.value)} on ${first.day}, ` +
    `${format(last.value)} on ${last.day}; lowest ${format(Math.min(...figures))}, ` +
    `highest ${format(Math.max(...figures))}`;
  return <Sparkline values={values} color={color} label={label} domain={domain} />;
}

/** 'Total Teams' for a super admin; 'Your Team' (name and member count) for everyone else. */
function TeamsCard({
  status,
  teams,
  trend,
}: {
  status: FiguresStatus;
  teams: Dashboard['teams'] | undefined;
  trend: Dashboard['trend'] | undefined;
}) {
  const sparkline = (name: string) => (
    <CardTrend name={name} trend={trend} series="teams" color="orange" />
  );
  if (teams?.scope === 'own') {
    const { team } = teams;
    return (
      <StatCard
        title="Your Team"
        icon={IconUsersGroup}
        color="orange"
        status={status}
        value={team ? team.name : 'No Team'}
        detail={
          team
            ? `${formatCount(team.memberCount)} ${team.memberCount === 1 ? 'member' : 'members'}`
            : 'You are not in a team'
        }
        sparkline={sparkline('Team members')}
      />
    );
  }
  return (
    <StatCard
      title="Total Teams"
      icon={IconUsersGroup}
      color="orange"
      status={status}
      value={teams && formatCount(teams.count)}
      detail="in the call centre"
      sparkline={sparkline('Teams')}
    />
  );
}
