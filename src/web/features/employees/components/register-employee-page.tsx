import { Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { employeeMessages, validationMessages } from '../../../../shared/messages';
import { canManageTeams } from '../../../../shared/permissions';
import { registerEmployeeSchema } from '../../../../shared/schemas/employees';
import { NewPasswordFields, UsernameInput } from '../../../components/credential-inputs';
import { fieldError } from '../../../components/field-error';
import { FormAlert } from '../../../components/form-alert';
import { adminPaths } from '../../../lib/admin-paths';
import { firstIssue, refusal, useFormError } from '../../../lib/form-error';
import { useSession } from '../../../lib/session';
import { useRegistrableTeams } from '../api/get-registrable-teams';
import { useRegisterEmployee } from '../api/register-employee';
import { employeeErrorField, registerErrorMessage } from '../error-messages';

/**
 * Spec §2 'Register Employee form' and §5 'Registration': every field required, the same
 * schema as the server's. On success the form says so and clears for the next employee.
 */
export function RegisterEmployeePage() {
  const { data: user } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [chosenTeamId, setChosenTeamId] = useState<string | null>(null);
  const [formError, setFormError] = useFormError({
    username,
    password,
    confirmPassword,
    teamId: chosenTeamId,
  });
  const [isRegistered, setIsRegistered] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const teams = useRegistrableTeams();
  const registerEmployee = useRegisterEmployee();
  const teamOptions = teams.data?.teams ?? [];
  // An admin with a team may register only into it: there is nothing to choose.
  const onlyTeam = teamOptions.length === 1 ? teamOptions[0] : undefined;
  const teamId = chosenTeamId ?? onlyTeam?.id ?? null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (registerEmployee.isPending) return;
    setFormError(null);
    setIsRegistered(false);
    const employee = registerEmployeeSchema.safeParse({
      username,
      password,
      confirmPassword,
      teamId: teamId ?? undefined,
    });
    if (!employee.success) {
      setFormError(firstIssue(employee.error, validationMessages.allFieldsRequired));
      return;
    }
    registerEmployee.mutate(employee.data, {
      onSuccess: () => {
        setIsRegistered(true);
        setUsername('');
        setPassword('');
        setConfirmPassword('');
        setChosenTeamId(null);
        usernameRef.current?.focus();
      },
      onError: (error) =>
        setFormError(refusal(registerErrorMessage(error), employeeErrorField(error))),
    });
  }

  const noTeamsHint =
    teams.isSuccess && teamOptions.length === 0 ? (
      <>
        There are no teams to register into yet.{' '}
        {user && canManageTeams(user) && (
          <Anchor component={Link} to={adminPaths.teams} size="xs">
            Create a team
          </Anchor>
        )}
      </>
    ) : undefined;

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Register Employee</Title>
        <Text c="dimmed">Create an agent account and place it in a team</Text>
      </div>

      <Paper withBorder radius="md" p="lg" maw={520}>
        <form onSubmit={handleSubmit} noValidate aria-label="Register Employee">
          <Stack gap="sm">
            {formError && <FormAlert tone="error">{formError.message}</FormAlert>}
            {isRegistered && <FormAlert tone="success">{employeeMessages.registered}</FormAlert>}
            <UsernameInput
              ref={usernameRef}
              label="Username"
              autoComplete="off"
              required
              error={fieldError(formError, 'username')}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <NewPasswordFields
              password={password}
              confirmPassword={confirmPassword}
              onPasswordChange={setPassword}
              onConfirmPasswordChange={setConfirmPassword}
              formError={formError}
              withHint
              required
            />
            <Select
              label="Team"
              placeholder={teams.isError ? 'Teams could not be loaded' : 'Select a team'}
              description={noTeamsHint}
              required
              data={teamOptions.map((team) => ({ value: team.id, label: team.name }))}
              error={fieldError(formError, 'teamId')}
              value={teamId}
              onChange={setChosenTeamId}
              allowDeselect={false}
              searchable
              nothingFoundMessage="No matching team"
            />
            <Group justify="flex-end" mt="xs">
              <Button
                type="submit"
                leftSection={<IconUserPlus size={16} aria-hidden />}
                disabled={registerEmployee.isPending}
              >
                {registerEmployee.isPending ? 'Registering...' : 'Register Employee'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
