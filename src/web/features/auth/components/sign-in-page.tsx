import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { resetMessages } from '../../../../shared/messages';
import type { SessionUser } from '../../../../shared/schemas/sign-in';
import { BrandMark } from '../../../components/brand-mark';
import { CenteredCard } from '../../../components/centered-card';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';

type SignInView =
  | { kind: 'sign-in'; username: string; notice?: string; isReturning?: boolean }
  | { kind: 'reset-password' };

interface SignInPageProps {
  onSignedIn: (user: SessionUser) => void;
}

/** Spec §2: the sign-in screen, with the three-step password reset in the same place. */
export function SignInPage({ onSignedIn }: SignInPageProps) {
  const [view, setView] = useState<SignInView>({ kind: 'sign-in', username: '' });

  return (
    <CenteredCard>
      <Stack gap="lg">
        <Stack gap={4} align="center">
          <BrandMark size="lg" isPageHeading />
          {view.kind === 'sign-in' && (
            <Text c="dimmed" size="sm">
              Sign in to the call centre
            </Text>
          )}
        </Stack>
        {view.kind === 'sign-in' ? (
          <SignInForm
            initialUsername={view.username}
            notice={view.notice}
            isReturning={view.isReturning}
            onForgotPassword={() => setView({ kind: 'reset-password' })}
            onSignedIn={onSignedIn}
          />
        ) : (
          <ResetPasswordForm
            onCancel={() => setView({ kind: 'sign-in', username: '', isReturning: true })}
            onPasswordReset={(username) =>
              setView({
                kind: 'sign-in',
                username,
                notice: resetMessages.success,
                isReturning: true,
              })
            }
          />
        )}
      </Stack>
    </CenteredCard>
  );
}
