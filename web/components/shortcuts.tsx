/** Keyboard shortcuts of the whole app and the help dialog that lists them. */
import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** The shortcuts, as the help dialog lists them. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; what: string }> = [
  { keys: ['/'], what: 'Search orders' },
  { keys: ['g', 'd'], what: 'Go to the dashboard' },
  { keys: ['g', 'q'], what: 'Go to my queue' },
  { keys: ['?'], what: 'Show this list' },
  { keys: ['Esc'], what: 'Close a dialog or menu' },
];

const SEQUENCE_TIMEOUT_MS = 1200;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

interface ShortcutHandlers {
  onSearch: () => void;
  onHelp: () => void;
}

/** Listens for the shortcuts anywhere in the app except while the user is typing in a field. */
export function useGlobalShortcuts({ onSearch, onHelp }: ShortcutHandlers): void {
  const navigate = useNavigate();
  const pendingG = useRef(0);
  const handlers = useRef({ onSearch, onHelp, navigate });
  handlers.current = { onSearch, onHelp, navigate };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const { key } = event;
      const now = Date.now();
      if (now - pendingG.current < SEQUENCE_TIMEOUT_MS) {
        pendingG.current = 0;
        if (key === 'd') {
          event.preventDefault();
          handlers.current.navigate('/dashboard');
          return;
        }
        if (key === 'q') {
          event.preventDefault();
          handlers.current.navigate('/my-queue');
          return;
        }
      }
      if (key === 'g') {
        pendingG.current = now;
      } else if (key === '/') {
        event.preventDefault();
        handlers.current.onSearch();
      } else if (key === '?') {
        event.preventDefault();
        handlers.current.onHelp();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      size="sm"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Table withRowBorders={false} verticalSpacing={6} highlightOnHover={false}>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td w={110}>
                <Group gap={4} wrap="nowrap">
                  {s.keys.map((k, i) => (
                    <Group key={k} gap={4} wrap="nowrap">
                      {i > 0 && (
                        <Text span size="xs" c="dimmed">
                          then
                        </Text>
                      )}
                      <Kbd size="sm">{k}</Kbd>
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.what}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts are ignored while you type in a field.
      </Text>
    </Modal>
  );
}
