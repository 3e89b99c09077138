import { useNavigate } from 'react-router';
import { FirstRunPage } from '../features/setup/components/first-run-page';
import { homePathFor } from '../lib/session';

export function FirstRunRoute() {
  const navigate = useNavigate();
  return (
    <FirstRunPage
      onSuperAdminCreated={(user) => void navigate(homePathFor(user), { replace: true })}
    />
  );
}
