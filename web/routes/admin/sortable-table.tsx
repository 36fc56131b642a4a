/**
 * A tab's table whose rows can be dragged into a new order (@hello-pangea/dnd). Each row has a drag handle:
 * with a mouse, drag it; with the keyboard, focus it, press Space to lift, the arrow keys to move, Space to
 * drop (Escape cancels); the library announces each step to screen readers. The move buttons beside it do
 * the same without dragging. A drop reports the whole new order of ids. On a phone each row is a card
 * (web/styles.css, phone-cards; the rows' cells name their column in `data-label`) and the handle a 44 px
 * target.
 */
import {
  type BeforeCapture,
  DragDropContext,
  Draggable,
  type DraggableProvided,
  Droppable,
  type DropResult,
} from '@hello-pangea/dnd';
import { Paper, Table } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import classes from './admin.module.css';
import { movedIds } from './reorder';

/** What a row needs to be draggable: its props and the handle to show in its first cell. */
export interface DragRow {
  rowProps: DraggableProvided['draggableProps'] & {
    ref: DraggableProvided['innerRef'];
    style?: CSSProperties;
    'data-dragging'?: boolean;
  };
  handle: ReactNode;
}

interface SortableTableProps<T extends { id: number }> {
  label: string;
  head: ReactNode;
  /** The rows' records in their order; ignored while `placeholder` is given. */
  items: readonly T[];
  /** Loading, failed or empty rows, shown instead of the items. */
  placeholder?: ReactNode;
  /** No dragging (a save is under way, or a row is being edited). */
  disabled: boolean;
  /** The quoted name of a record, for the handle's label: “Delivery”. */
  nameOf: (item: T) => string;
  onReorder: (ids: number[], moved: T) => void;
  row: (item: T, index: number, drag: DragRow) => ReactNode;
}

export function SortableTable<T extends { id: number }>({
  label,
  head,
  items,
  placeholder,
  disabled,
  nameOf,
  onReorder,
  row,
}: SortableTableProps<T>) {
  const body = useRef<HTMLTableSectionElement | null>(null);
  // A lifted row leaves the table's layout: its cells keep the widths they had, or they would collapse (a
  // phone's card ignores them: its cells are always the card's width).
  const cellsOf = (id: string) => [
    ...(body.current?.querySelectorAll<HTMLElement>(`[data-rfd-draggable-id="${CSS.escape(id)}"] > td`) ??
      []),
  ];
  const onBeforeCapture = ({ draggableId }: BeforeCapture) => {
    for (const cell of cellsOf(draggableId)) cell.style.width = `${cell.getBoundingClientRect().width}px`;
  };
  const onDragEnd = ({ draggableId, source, destination }: DropResult) => {
    for (const cell of cellsOf(draggableId)) cell.style.width = '';
    if (!destination || destination.index === source.index) return;
    const ids = movedIds(
      items.map((item) => item.id),
      source.index,
      destination.index,
    );
    onReorder(ids, items[source.index]);
  };

  return (
    <Paper withBorder radius="md" className={classes.tableFrame}>
      <DragDropContext onBeforeCapture={onBeforeCapture} onDragEnd={onDragEnd}>
        <Table
          stickyHeader
          stickyHeaderOffset="var(--app-shell-header-height, 56px)"
          fz="sm"
          aria-label={label}
          verticalSpacing={8}
          horizontalSpacing="md"
          className="phone-cards"
        >
          <Table.Thead>
            <Table.Tr>{head}</Table.Tr>
          </Table.Thead>
          <Droppable droppableId={label} isDropDisabled={disabled}>
            {(drop) => (
              <Table.Tbody
                ref={(element) => {
                  body.current = element;
                  drop.innerRef(element);
                }}
                {...drop.droppableProps}
              >
                {placeholder ??
                  items.map((item, index) => (
                    <Draggable
                      key={item.id}
                      draggableId={String(item.id)}
                      index={index}
                      isDragDisabled={disabled}
                      // The handle is a button: a drag may start on it.
                      disableInteractiveElementBlocking
                    >
                      {(drag, snapshot) =>
                        row(item, index, {
                          rowProps: {
                            ref: drag.innerRef,
                            ...drag.draggableProps,
                            'data-dragging': snapshot.isDragging || undefined,
                          },
                          handle: (
                            <button
                              type="button"
                              {...drag.dragHandleProps}
                              className={classes.dragHandle}
                              aria-label={`Drag ${nameOf(item)} to reorder`}
                              // Not `disabled`: focus stays on the handle while the new order is saved.
                              aria-disabled={disabled || undefined}
                            >
                              <IconGripVertical size={16} stroke={1.6} aria-hidden />
                            </button>
                          ),
                        })
                      }
                    </Draggable>
                  ))}
                {drop.placeholder}
              </Table.Tbody>
            )}
          </Droppable>
        </Table>
      </DragDropContext>
    </Paper>
  );
}
