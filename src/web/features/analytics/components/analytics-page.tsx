import { Button, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import {
  type QueryObserverSuccessResult,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSuperAdmin } from '../../../../shared/permissions';
import { NO_TEAM } from '../../../../shared/schemas/analytics';
import { FormAlert } from '../../../components/form-alert';
import { ListPanel } from '../../../components/list-panel';
import { isApiError, serverRefusalMessage } from '../../../lib/api-client';
import { adminPaths } from '../../../lib/admin-paths';
import { useSession } from '../../../lib/session';
import { employeeListCsvHref, employeeTimelineCsvHref } from '../api/export-csv';
import { employeeAnalyticsQuery, useEmployeeAnalytics } from '../api/get-employee-analytics';
import { isEmployeeId, useEmployeeDetail } from '../api/get-employee-detail';
import { useTeamAnalytics } from '../api/get-team-analytics';
import { queueAnalyticsQueryRoot } from '../api/get-queue-analytics';
import { trendsQueryKey } from '../api/get-trends';
import { analyticsViewOf, useAnalyticsLocation } from '../hooks/use-analytics-location';
import { useAnalyticsRange } from '../hooks/use-analytics-range';
import { useEmployeeCardsParams } from '../hooks/use-employee-cards-params';
import { analyticsMessages } from '../messages';
import { MetricsHelp } from './call-centre-metrics';
import { DeleteEmployeeDialog } from './delete-employee-dialog';
import { EmployeeAnalyticsDetailView } from './employee-analytics-detail';
import { EmployeeCards } from './employee-cards';
import { EmployeeRecentCalls } from './employee-recent-calls';
import { EmployeeFiguresTable } from './employee-figures-table';
import { EmployeeListControls } from './employee-list-controls';
import { QueueFormulas, QueuePanel } from './queue-panel';
import { RangeControl } from './range-control';
import { TeamCards } from './team-cards';
import { TrendsPanel } from './trends-panel';
import classes from './analytics.module.css';

/**
 * Spec §2 'Analytics page' (§4: teams → a team's employees → one employee; Back goes up a
 * level, Refresh reloads the view). A super admin starts at the team cards, everyone else at
 * the employee cards of their scope; /admin/analytics/:employeeId opens one employee
 * (the dashboard's and the Employees page's links). The range, the team and the cards' list
 * (search, sort, page, page size, flagged filter, cards or table) live in the URL. The server
 * pages, sorts and filters the cards; every figure comes from it.
 */
export function AnalyticsPage() {
  const { data: user } = useSession();
  const navigate = useNavigate();
  const place = useAnalyticsLocation();
  const range = useAnalyticsRange();
  const isSuper = user ? isSuperAdmin(user) : false;
  const { view, teamId } = analyticsViewOf(isSuper, place);
  const queryClient = useQueryClient();
  const cardList = useEmployeeCardsParams((query) =>
    queryClient.prefetchQuery(employeeAnalyticsQuery({ teamId, ...query }, range.apiParams)),
  );
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const [isRefreshing, setRefreshing] = useState(false);
  const cardsFilter = {
    teamId,
    search: cardList.search,
    sort: cardList.sort,
    isFlaggedOnly: cardList.isFlaggedOnly,
  };

  const teams = useTeamAnalytics(range.apiParams, {
    enabled: isSuper && view !== 'detail',
  });
  const employees = useEmployeeAnalytics(
    { teamId, listQuery: cardList.queryString, isFlaggedOnly: cardList.isFlaggedOnly },
    range.apiParams,
    { enabled: user !== undefined && view === 'employees' },
  );
  const detail = useEmployeeDetail(place.employeeId, range.apiParams);
  const current = view === 'detail' ? detail : view === 'teams' ? teams : employees;

  useEffect(() => {
    // Spec §8: analytics load errors are logged, never shown.
    if (current.error) console.error('Analytics could not be loaded', current.error);
  }, [current.error]);

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        current.refetch(),
        queryClient.invalidateQueries({ queryKey: trendsQueryKey({}) }),
        queryClient.invalidateQueries({ queryKey: queueAnalyticsQueryRoot }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  function goBack() {
    if (view === 'detail') void navigate(place.listHref());
    else if (view === 'employees' && teamId !== undefined) void navigate(place.teamsHref());
    else void navigate(adminPaths.dashboard);
  }

  const teamName =
    teamId === NO_TEAM
      ? analyticsMessages.noTeam
      : teams.data?.teams.find((candidate) => candidate.id === teamId)?.name;
  const subtitle =
    view === 'teams'
      ? 'Teams and their call figures'
      : view === 'detail'
        ? 'One employee’s calls and status time'
        : teamName
          ? `${teamName}: employees and their call figures`
          : 'Employees and their call figures';

  const csvHref =
    view === 'detail' && place.employeeId
      ? employeeTimelineCsvHref(place.employeeId, range.apiParams)
      : employeeListCsvHref(
          view === 'teams' ? { teamId: undefined, search: '' } : cardsFilter,
          range.apiParams,
        );
  // Deleted meanwhile, outside the viewer's scope, or no id at all: an answer, not a failure.
  const isNotFound =
    isApiError(current.error, 404) || (view === 'detail' && !isEmployeeId(place.employeeId));

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Analytics</Title>
        <Text c="dimmed" className={classes.breakable}>
          {subtitle}
        </Text>
      </div>

      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={goBack}
          >
            Back
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void refresh()}
            disabled={isRefreshing}
          >
            {isRefreshing ? analyticsMessages.refreshing : 'Refresh'}
          </Button>
          {!isNotFound && (
            <Button
              component="a"
              href={csvHref}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {analyticsMessages.exportCsv}
            </Button>
          )}
        </Group>
        <RangeControl
          selection={range.selection}
          onChange={range.setSelection}
          shown={current.isPlaceholderData ? undefined : current.data?.range}
        />
      </Group>

      {place.deletedNotice && view !== 'detail' && (
        <FormAlert tone="success">{place.deletedNotice}</FormAlert>
      )}

      {view === 'teams' && (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Choose a team to see its employees.
            </Text>
            <MetricsHelp withText more={<QueueFormulas />} />
          </Group>
          <TrendsPanel scope={{}} range={range.apiParams} charts="calls" titleOrder={3} />
          <QueuePanel range={range.apiParams} />
          {teams.data ? (
            <TeamCards list={teams.data} teamHref={place.teamHref} />
          ) : (
            <Loading isPending={teams.isPending} />
          )}
        </>
      )}

      {view === 'employees' && (
        <>
          <TrendsPanel scope={{ teamId }} range={range.apiParams} titleOrder={3} />
          {teamId === undefined && <QueuePanel range={range.apiParams} />}
          <Group justify="flex-end">
            <MetricsHelp withText more={teamId === undefined ? <QueueFormulas /> : undefined} />
          </Group>
          {/* Spec §8: a load failure is only logged (above); nothing loaded, nothing shown. */}
          {!(employees.isError && !employees.data) && (
            <ListPanel
              bare
              list={cardList}
              query={unannounced(employees)}
              rowsOf={(page) => page.employees}
              texts={{
                searchLabel: 'Search employees',
                searchPlaceholder: 'Username or full name',
                loading: analyticsMessages.loading,
                loadFailed: () => '', // never shown: see unannounced()
                noun: 'employees',
                noSearchResults: analyticsMessages.noSearchResults,
                noneYet: cardList.isFlaggedOnly
                  ? analyticsMessages.noFlaggedEmployees
                  : analyticsMessages.noEmployees,
              }}
              controls={<EmployeeListControls params={cardList} />}
            >
              {(page) =>
                cardList.view === 'table' ? (
                  <EmployeeFiguresTable
                    employees={page.employees}
                    list={cardList}
                    employeeHref={place.employeeHref}
                  />
                ) : (
                  <EmployeeCards employees={page.employees} employeeHref={place.employeeHref} />
                )
              }
            </ListPanel>
          )}
        </>
      )}

      {view === 'detail' &&
        (isNotFound ? (
          <Text c="dimmed" ta="center" py="xl">
            {serverRefusalMessage(detail.error) ?? 'Employee not found'}
          </Text>
        ) : detail.data ? (
          <EmployeeAnalyticsDetailView
            detail={detail.data}
            below={
              <>
                <TrendsPanel
                  scope={{ employeeId: detail.data.employee.id }}
                  range={range.apiParams}
                  titleOrder={4}
                />
                <EmployeeRecentCalls employeeId={detail.data.employee.id} />
              </>
            }
            actions={
              <>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleteOpen(true)}
                >
                  Delete
                </Button>
                <CloseButton
                  size="lg"
                  aria-label="Close employee details"
                  onClick={() => void navigate(place.listHref())}
                />
              </>
            }
          />
        ) : (
          <Loading isPending={detail.isPending} />
        ))}

      {isDeleteOpen && detail.data && (
        <DeleteEmployeeDialog
          detail={detail.data}
          onClose={() => setDeleteOpen(false)}
          onDeleted={() => {
            setDeleteOpen(false);
            void navigate(place.listHref(), {
              replace: true,
              state: { deletedNotice: analyticsMessages.deleted },
            });
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Spec §8: analytics load failures are only logged. The list panel shows any failure it is
 * told of, so it is told none: after a failed refresh the last page stays on screen.
 */
function unannounced<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  if (!query.isError || query.data === undefined) return query;
  const lastPage: QueryObserverSuccessResult<T> = {
    ...query,
    data: query.data,
    error: null,
    status: 'success',
    isError: false,
    isSuccess: true,
    isLoadingError: false,
    isRefetchError: false,
  };
  return lastPage;
}

/** 'Loading analytics...' while the first answer is on its way; after a failure, nothing. */
function Loading({ isPending }: { isPending: boolean }) {
  if (!isPending) return null;
  return (
    <Text c="dimmed" ta="center" py="xl" role="status">
      {analyticsMessages.loading}
    </Text>
  );
}
