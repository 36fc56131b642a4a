/**
 * Mantine's Modal, on the page from its first opening on. A closed Modal is not nothing: it mounts its portal,
 * overlay, content and two transitions, and Mantine re-renders each of them right after mounting (the portal's
 * node, the transitions' reduced-motion query), before the screen's first paint. The shell and the dashboard
 * had four such dialogs waiting closed (docs/performance.md).
 *
 * The first opening mounts it closed and opens it on the next render, so it opens as any Modal does: with its
 * transition, and with the focus to go back to on closing (Mantine notes it when `opened` turns true). It then
 * stays mounted, as a plain Modal would.
 */
import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useState } from 'react';

export function LazyModal({ opened, ...props }: ModalProps) {
  const [stage, setStage] = useState<'never' | 'mounting' | 'mounted'>(opened ? 'mounting' : 'never');
  if (opened && stage === 'never') setStage('mounting');
  useEffect(() => {
    if (stage === 'mounting') setStage('mounted');
  }, [stage]);
  if (stage === 'never') return null;
  return <Modal {...props} opened={opened && stage === 'mounted'} />;
}
