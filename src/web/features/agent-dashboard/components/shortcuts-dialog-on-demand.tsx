import { Suspense, lazy, useState } from 'react';

const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((module) => ({ default: module.ShortcutsDialog })),
);

/** The '?' dialog, whose code comes the first time it opens rather than with the softphone. */
export function ShortcutsDialogOnDemand({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense>
      <ShortcutsDialog opened={opened} onClose={onClose} />
    </Suspense>
  );
}
