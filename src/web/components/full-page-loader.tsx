import { Center, Loader } from '@mantine/core';

/** Shown while the app learns who is signed in. */
export function FullPageLoader() {
  return (
    <Center h="100dvh" role="status" aria-label="Loading">
      <Loader />
    </Center>
  );
}
