import { Navigate, type NavigateProps } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';

/**
 * A redirect that shows the app's loader until the destination is on screen. The admin
 * portal and the agent softphone load their code on the first visit, and the router keeps
 * the current route rendered meanwhile: a bare <Navigate> (which renders nothing) would
 * leave the page blank for that long.
 */
export function Redirect(props: NavigateProps) {
  return (
    <>
      <Navigate {...props} />
      <FullPageLoader />
    </>
  );
}
