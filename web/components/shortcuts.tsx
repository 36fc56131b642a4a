/**
 * The one key listener of the app and the `?` help that lists every shortcut by section (shortcut-keys.ts
 * holds them). Plain keys are ignored while the user types in a field or a modal dialog is open; Ctrl+K
 * (⌘K) opens the command palette from anywhere but another dialog; Ctrl+Enter (⌘Enter) submits the form or
 * dialog the focus is in, as its submit button would, and never while that button is disabled or busy. Keys a screen registers through
 * useScreenActions (the order page's) run from here too, so a `g` sequence and a screen key never both fire.
 * While an Undo toast shows, `z` and Ctrl+Z (⌘Z, outside a text box) press its Undo (undo-toast.tsx).
 */
import { Badge, Group, Kbd, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { showingUndo } from '../lib/undo-offer';
import { LazyModal } from './lazy-modal';
import type { ScreenActionsStore } from './screen-actions-store';
import {
  isChord,
  isModalOpen,
  isPaletteChord,
  isSubmitChord,
  isTyping,
  isUndoChord,
  keyStep,
  SHORTCUT_SECTIONS,
  type ShortcutHelp,
  submitStep,
} from './shortcut-keys';

interface ShortcutHandlers {
  onSearch: () => void;
  onHelp: () => void;
  onPalette: () => void;
  /** Whether the palette is the dialog open now (Ctrl+K then closes it). */
  paletteOpen: boolean;
  admin: boolean;
  store: ScreenActionsStore;
}

/** Listens for the shortcuts anywhere in the app. */
export function useGlobalShortcuts(handlers: ShortcutHandlers): void {
  const navigate = useNavigate();
  const pendingG = useRef(0);
  const latest = useRef({ ...handlers, navigate });
  latest.current = { ...handlers, navigate };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const h = latest.current;
      if (isPaletteChord(event)) {
        // The palette's own chord toggles it (a palette still fading out counts as closed); over another
        // dialog it waits, like every other shortcut.
        if (!h.paletteOpen && isModalOpen(document, { exceptPalette: true })) return;
        event.preventDefault();
        h.onPalette();
        return;
      }
      if (isSubmitChord(event)) {
        // In a dialog too: it submits the form or dialog the focus is in, as its submit button would.
        const step = submitStep(event.target);
        if (!step) return;
        event.preventDefault();
        if (step.kind === 'form') step.form.requestSubmit(step.submitter);
        else step.button.click();
        return;
      }
      if (isUndoChord(event)) {
        // In a text box Ctrl+Z undoes the typing, as everywhere; outside one it undoes the change just made.
        const undo = showingUndo();
        if (!undo || isTyping(event.target) || isModalOpen()) return;
        event.preventDefault();
        undo.run();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || isModalOpen()) return;
      const step = keyStep(event.key, pendingG.current, Date.now(), h.admin);
      pendingG.current = step.kind === 'pending-g' ? Date.now() : 0;
      switch (step.kind) {
        case 'go':
          event.preventDefault();
          h.navigate(step.path);
          break;
        case 'search':
          event.preventDefault();
          h.onSearch();
          break;
        case 'help':
          event.preventDefault();
          h.onHelp();
          break;
        case 'undo': {
          const undo = showingUndo();
          if (!undo) return;
          event.preventDefault();
          undo.run();
          break;
        }
        case 'screen': {
          // A focused button or link keeps Enter and Space; letters and digits are free.
          const action = h.store.byShortcut(step.key);
          if (!action) return;
          event.preventDefault();
          action.run();
          break;
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** An id part without spaces ("Order page" → "order-page"): aria-labelledby splits on spaces. */
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function Keys({ keys }: { keys: readonly string[] }) {
  const joiner = isChord(keys) ? '+' : 'then';
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((k, i) => (
        <Fragment key={k}>
          {i > 0 && (
            <Text span size="xs" c="dimmed">
              {joiner}
            </Text>
          )}
          <Kbd size="sm">{k}</Kbd>
        </Fragment>
      ))}
    </Group>
  );
}

function Row({ shortcut, admin }: { shortcut: ShortcutHelp; admin: boolean }) {
  return (
    <Table.Tr>
      <Table.Td w={120} style={{ verticalAlign: 'top' }}>
        <Keys keys={shortcut.keys} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {shortcut.what}
          {shortcut.adminOnly && !admin && (
            <Badge ml={6} size="xs" variant="light" color="gray" c="gray.8" tt="none">
              admins
            </Badge>
          )}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The `?` help: every shortcut of the app, by section. */
export function ShortcutsDialog({
  opened,
  onClose,
  admin,
}: {
  opened: boolean;
  onClose: () => void;
  admin: boolean;
}) {
  const id = useId();
  return (
    <LazyModal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {SHORTCUT_SECTIONS.map((section) => (
          <section key={section.title} aria-labelledby={`${id}-${slug(section.title)}`}>
            <Title order={3} size="h6" id={`${id}-${slug(section.title)}`} mb={4}>
              {section.title}
            </Title>
            {section.note && (
              <Text size="xs" c="dimmed" mb={4}>
                {section.note}
              </Text>
            )}
            <Table withRowBorders={false} verticalSpacing={4} highlightOnHover={false}>
              <Table.Tbody>
                {section.shortcuts.map((s) => (
                  <Row key={s.what} shortcut={s} admin={admin} />
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
        <Text size="xs" c="dimmed">
          Single keys are ignored while you type in a field or a dialog is open.
        </Text>
      </Stack>
    </LazyModal>
  );
}
