/**
 * The command palette (Ctrl+K / ⌘K, the header's button): one box to open an item by its ref, find an item
 * by customer name or e-mail, run an action of the current screen or go somewhere. Built on Mantine's Modal
 * and TextInput with the ARIA combobox pattern (the input owns a listbox; arrow keys move the active option
 * by aria-activedescendant, Enter runs it, Esc closes) until @mantine/spotlight is added to the project.
 * A lazy chunk: keyboard-shell.tsx loads it.
 */
import { Group, Kbd, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowRight, IconBolt, IconFileText, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type SearchResults, SearchResultsSchema, type SimpleSearch } from '../../domain/contract/search';
import { api } from '../api/client';
import { orderersQuery } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { paths } from '../paths';
import { isAdmin, useCurrentUser } from './auth';
import classes from './command-palette.module.css';
import { filterActions, MIN_SEARCH_LENGTH, moveActive, notFoundMessage, parseRef } from './palette-model';
import { lookUpRef } from './ref-lookup';
import { useScreenActionList } from './screen-actions';
import { GO_TO, PALETTE_ATTRIBUTE } from './shortcut-keys';
import { StateBadge } from './state-badge';

/** How long typing must pause before the palette searches. */
const SEARCH_DEBOUNCE_MS = 200;
/** Matches shown in the palette; the search page has the rest. */
const MAX_MATCHES = 8;

type Item = SearchResults['results'][number];

interface PaletteOption {
  id: string;
  group: string;
  /** The option's text, for the list and for screen readers. */
  label: string;
  /** What is shown instead of the plain label. */
  content?: ReactNode;
  shortcut?: string;
  icon: ReactNode;
  run: () => void | Promise<void>;
}

type Status = { tone: 'busy' | 'error' | 'info'; text: string } | null;

/** Places anyone can go to, from anywhere; admins also see theirs. */
function useNavigationOptions(
  opened: boolean,
): { id: string; label: string; keywords: string[]; path: string }[] {
  const admin = isAdmin(useCurrentUser());
  const orderers = useQuery({ ...orderersQuery, enabled: opened });
  return useMemo(() => {
    const places = GO_TO.filter((g) => admin || !g.adminOnly).map((g) => ({
      id: `go:${g.key}`,
      label: g.what,
      keywords: ['go', 'navigate', g.path.slice(1)],
      path: g.path,
    }));
    for (const o of orderers.data?.orderers ?? [])
      places.push({
        id: `go:queue:${o.id}`,
        label: `Go to ${o.name}’s work queue`,
        keywords: ['queue', 'work', 'orderer', o.email],
        path: paths.workQueue(o.id),
      });
    return places;
  }, [admin, orderers.data]);
}

function ItemMatch({ item }: { item: Item }) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {item.ref}{' '}
          <Text span size="sm" fw={400}>
            {item.type}
          </Text>
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {item.order.customer_name} · {item.order.email}
        </Text>
      </Stack>
      {/* The badge keeps its whole label; the customer line gives way. */}
      <div style={{ flexShrink: 0 }}>
        <StateBadge label={item.state_label} group={item.state_group} />
      </div>
    </Group>
  );
}

export default function CommandPalette({
  opened,
  initialText,
  onClose,
}: {
  opened: boolean;
  initialText: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const screenActions = useScreenActionList();
  const places = useNavigationOptions(opened);
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState<Status>(null);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const listId = useId();
  const optionId = (id: string) => `${listId}-${id.replace(/[^\w-]/g, '_')}`;

  // Each opening starts afresh (with the text it was opened with).
  useEffect(() => {
    if (!opened) return;
    setText(initialText);
    setActive(0);
    setStatus(null);
  }, [opened, initialText]);

  const trimmed = text.trim();
  const parsed = parseRef(trimmed);
  const searchText = debounced.length >= MIN_SEARCH_LENGTH ? debounced : '';
  // The same query (and cache) as the search page's quick search.
  const search = useQuery({
    queryKey: queryKeys.search.simple(searchText),
    queryFn: ({ signal }) =>
      api.post(
        'search/simple',
        { search: { query: searchText } } satisfies SimpleSearch,
        SearchResultsSchema,
        {
          signal,
        },
      ),
    enabled: opened && searchText !== '',
    retry: false,
    staleTime: 30_000,
  });

  const close = () => onClose();
  const go = (path: string) => {
    close();
    navigate(path);
  };

  const openRef = async () => {
    if (!parsed) return;
    setStatus({ tone: 'busy', text: `Looking up ${parsed.ref}…` });
    try {
      const ref = await lookUpRef(parsed);
      if (ref) go(paths.orderItem(ref));
      else setStatus({ tone: 'error', text: notFoundMessage(parsed.ref) });
    } catch (error) {
      setStatus({ tone: 'error', text: error instanceof Error ? error.message : 'The lookup failed.' });
    }
  };

  const options: PaletteOption[] = [];
  if (parsed)
    options.push({
      id: 'open-ref',
      group: 'Open',
      label: parsed.kind === 'item' ? `Open item ${parsed.ref}` : `Open order ${parsed.ref} (its first item)`,
      icon: <IconFileText size={16} aria-hidden />,
      run: openRef,
    });
  for (const a of filterActions(screenActions, trimmed))
    options.push({
      id: `screen:${a.id}`,
      group: 'Actions on this screen',
      label: a.label,
      shortcut: a.shortcut,
      icon: <IconBolt size={16} aria-hidden />,
      run: () => {
        close();
        a.run();
      },
    });
  for (const p of filterActions(places, trimmed))
    options.push({
      id: p.id,
      group: 'Go to',
      label: p.label,
      icon: <IconArrowRight size={16} aria-hidden />,
      run: () => go(p.path),
    });
  const matches = searchText && searchText === trimmed ? (search.data?.results ?? []) : [];
  for (const item of matches.slice(0, MAX_MATCHES))
    options.push({
      id: `item:${item.ref}`,
      group: 'Matching items',
      label: `${item.ref} ${item.type}, ${item.order.customer_name}, ${item.state_label}`,
      content: <ItemMatch item={item} />,
      icon: null,
      run: () => go(paths.orderItem(item.ref)),
    });
  if (trimmed.length >= MIN_SEARCH_LENGTH)
    options.push({
      id: 'search-page',
      group: 'Search',
      label: `Search for “${trimmed}” on the search page`,
      icon: <IconSearch size={16} aria-hidden />,
      run: () => go(paths.search(trimmed)),
    });

  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 5, PageUp: -5 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moveActive(activeIndex, moves[event.key], options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) void activeOption.run();
    }
  };

  const searching = searchText !== '' && (search.isFetching || debounced !== trimmed);
  const summary =
    status?.text ??
    (searching
      ? 'Searching…'
      : search.isError && searchText
        ? `The search failed: ${search.error.message}`
        : trimmed && options.length === 0
          ? trimmed.length < MIN_SEARCH_LENGTH
            ? `Type at least ${MIN_SEARCH_LENGTH} characters to search items.`
            : 'Nothing matches.'
          : '');

  const groups = [...new Set(options.map((o) => o.group))];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Command palette"
      size="lg"
      yOffset="12vh"
      padding={0}
      withCloseButton={false}
      classNames={{ header: classes.header, body: classes.body }}
      attributes={{ content: { [PALETTE_ATTRIBUTE]: true } }}
      data-testid="command-palette"
    >
      <TextInput
        data-autofocus
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption.id) : undefined}
        aria-describedby={`${listId}-status`}
        aria-label="Type a ref, a customer name or e-mail, or an action"
        placeholder="A ref, a customer or an action…"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setActive(0);
          setStatus(null);
        }}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={18} stroke={1.6} aria-hidden />}
        rightSection={searching || status?.tone === 'busy' ? <Loader size="xs" /> : <Kbd size="xs">Esc</Kbd>}
        rightSectionWidth={52}
        size="md"
        variant="unstyled"
        className={classes.input}
        autoComplete="off"
        spellCheck={false}
      />
      <Text
        id={`${listId}-status`}
        role="status"
        size="sm"
        c={status?.tone === 'error' ? 'red.8' : 'dimmed'}
        px="md"
        py={summary ? 6 : 0}
        data-testid="palette-status"
      >
        {summary}
      </Text>
      {/* Options are run by the input's keys or a click; they are not themselves in the tab order. */}
      <div id={listId} role="listbox" aria-label="Results" className={classes.list}>
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA listbox pattern groups options with role="group"
          <div key={group} role="group" aria-labelledby={`${listId}-g-${group.replace(/\W/g, '')}`}>
            <Text id={`${listId}-g-${group.replace(/\W/g, '')}`} className={classes.groupLabel}>
              {group}
            </Text>
            {options.map((o, i) =>
              o.group !== group ? null : (
                <UnstyledButton
                  component="div"
                  key={o.id}
                  id={optionId(o.id)}
                  role="option"
                  aria-selected={i === activeIndex}
                  aria-label={o.content ? o.label : undefined}
                  tabIndex={-1}
                  className={classes.option}
                  data-active={i === activeIndex || undefined}
                  onMouseMove={() => i !== activeIndex && setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void o.run()}
                >
                  {o.icon}
                  {o.content ?? (
                    <Text size="sm" style={{ flex: 1 }}>
                      {o.label}
                    </Text>
                  )}
                  {o.shortcut && (
                    <Kbd size="xs" aria-hidden>
                      {o.shortcut}
                    </Kbd>
                  )}
                </UnstyledButton>
              ),
            )}
          </div>
        ))}
      </div>
      <Group gap="md" px="md" py={8} className={classes.footer} aria-hidden>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move
        </Text>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Enter</Kbd> open or run
        </Text>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Esc</Kbd> close
        </Text>
      </Group>
    </Modal>
  );
}
