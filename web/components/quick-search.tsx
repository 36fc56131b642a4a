/**
 * The header's search: an exact item or order ref opens the item at once (as the palette does), anything
 * else goes to /search?q=…. What was typed stays in the box. Below md the header has no room for a field:
 * a search button opens the command palette instead, and beside the field a button opens the palette too.
 */
import { ActionIcon, Box, Button, Kbd, TextInput } from '@mantine/core';
import { IconCommand, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { useKeyboard } from './keyboard-shell';
import { parseRef } from './palette-model';
import { lookUpRef } from './ref-lookup';

/** "⌘" on a Mac, "Ctrl" elsewhere. */
const modKey = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

export function QuickSearch() {
  const navigate = useNavigate();
  const { searchRef, openPalette } = useKeyboard();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    const parsed = parseRef(q);
    let path = q ? paths.search(q) : paths.search();
    if (parsed) {
      setBusy(true);
      // A ref that opens nothing (or a failed lookup) still shows the search page, which says so.
      const ref = await lookUpRef(parsed).catch(() => null);
      setBusy(false);
      if (ref) path = paths.orderItem(ref);
    }
    navigate(path);
    searchRef.current?.blur();
  };

  return (
    <>
      <Box component="form" role="search" onSubmit={submit} visibleFrom="md">
        <TextInput
          ref={searchRef}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.currentTarget.blur();
          }}
          aria-label="Search orders"
          aria-busy={busy || undefined}
          placeholder="Search orders, refs, names…"
          leftSection={<IconSearch size={16} stroke={1.6} aria-hidden />}
          rightSection={
            <Kbd size="xs" aria-hidden>
              /
            </Kbd>
          }
          rightSectionPointerEvents="none"
          w={300}
          size="sm"
          data-testid="quick-search"
        />
      </Box>
      <Button
        title={`Command palette (${modKey()} K)`}
        visibleFrom="md"
        variant="default"
        size="sm"
        px={8}
        onClick={() => openPalette()}
        aria-label="Open the command palette"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="palette-button"
      >
        <IconCommand size={16} stroke={1.6} aria-hidden />
      </Button>
      <ActionIcon
        hiddenFrom="md"
        variant="subtle"
        color="gray"
        size="lg"
        onClick={() => openPalette()}
        aria-label="Search orders and commands"
        data-testid="phone-search"
      >
        <IconSearch size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </>
  );
}
