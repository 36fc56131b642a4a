/**
 * The action panels the server offers the signed-in user for this item, as tabs in the server's order
 * ("Modify Order" first, "Add Notes" last). The SPA never decides which panels exist; it only opens the one
 * the item most likely needs next. Each panel is also an action of the command palette, and the keys 1–9
 * open the panels in tab order (the number shows on the tab); `c` opens Add Notes and `e` Escalate at their
 * field.
 */
import { Card, Tabs } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import type { Panel } from '../../../domain/panels';
import { type ScreenAction, useScreenActions } from '../../components/screen-actions';
import { NUMBERED_PANELS, ORDER_KEYS } from '../../components/shortcut-keys';
import { focusSoon } from '../../lib/focus-soon';
import classes from './action-panels.module.css';
import { useOrderItem } from './panel-kit';
import { AddNotesPanel } from './panels/add-notes-panel';
import {
  CompleteTranslationPanel,
  ReceivedFromCustomerPanel,
  ReviewDocumentsPanel,
  SendForTranslationPanel,
} from './panels/document-panels';
import {
  CancelRefundPanel,
  ContactCustomerPanel,
  EscalatePanel,
  ReturnToOrdererPanel,
} from './panels/escalation-panels';
import { ApostillePanel, DispatchPanel, ScanSendPanel } from './panels/fulfilment-panels';
import {
  GroCommunicationPanel,
  GroOrderPanel,
  IpsConfirmedPanel,
  IpsReorderPanel,
  ReceivedFromGroPanel,
} from './panels/gro-panels';
import { ModifyOrderPanel } from './panels/modify-order-panel';

const PANEL_COMPONENTS: Readonly<Record<Panel, ComponentType>> = {
  'Modify Order': ModifyOrderPanel,
  'GRO Order': GroOrderPanel,
  'Received from GRO': ReceivedFromGroPanel,
  'GRO Communication': GroCommunicationPanel,
  'IPS/Reorder': IpsReorderPanel,
  Apostille: ApostillePanel,
  'Scan Send': ScanSendPanel,
  Dispatch: DispatchPanel,
  'IPS Confirmed': IpsConfirmedPanel,
  'Review Documents': ReviewDocumentsPanel,
  'Send for Translation': SendForTranslationPanel,
  'Complete Translation': CompleteTranslationPanel,
  'Received From Customer': ReceivedFromCustomerPanel,
  Escalate: EscalatePanel,
  'Contact Customer': ContactCustomerPanel,
  'Return to Orderer': ReturnToOrdererPanel,
  'Cancellations & Refunds': CancelRefundPanel,
  'Add Notes': AddNotesPanel,
};

/** A tab value without spaces or symbols: Mantine builds element ids from it. */
const slug = (panel: Panel) => panel.toLowerCase().replace(/[^a-z]+/g, '-');

/** Panels that are always around; the tab opened first is the state's own step when there is one. */
const GENERAL: ReadonlySet<Panel> = new Set<Panel>(['Modify Order', 'Escalate', 'Add Notes']);

/** Other words staff use for a panel, so the palette finds it by them too. */
const PANEL_WORDS: Partial<Record<Panel, string[]>> = {
  Dispatch: ['despatch', 'send', 'post', 'ship'],
  'Modify Order': ['edit', 'change', 'amend'],
  'Add Notes': ['comment', 'note'],
  Escalate: ['problem', 'admin'],
  'Cancellations & Refunds': ['cancel', 'refund'],
  'Return to Orderer': ['de-escalate', 'hand back'],
  'Scan Send': ['scan', 'email'],
};

/** The tabs' id prefix: Mantine names a tab `<id>-tab-<value>` and its panel `<id>-panel-<value>`. */
const TABS_ID = 'order-actions';
const tabElement = (panel: Panel) => document.getElementById(`${TABS_ID}-tab-${slug(panel)}`);
const panelField = (panel: Panel) =>
  document.getElementById(`${TABS_ID}-panel-${slug(panel)}`)?.querySelector<HTMLElement>('textarea, input');

/** The number key of the panel at this place in the tabs (1–9), if it has one. */
const panelKey = (index: number) => (index < NUMBERED_PANELS ? String(index + 1) : undefined);

function defaultPanel(panels: readonly Panel[]): Panel | null {
  if (panels.length === 0) return null;
  return panels.find((p) => !GENERAL.has(p)) ?? (panels.includes('Add Notes') ? 'Add Notes' : panels[0]);
}

export function ActionPanels() {
  const { item } = useOrderItem();
  const panels = item.panels;
  const [chosen, setChosen] = useState<Panel | null>(null);
  const preferred = item.pending_update && panels.includes('Modify Order') ? 'Modify Order' : null;
  const active = chosen && panels.includes(chosen) ? chosen : (preferred ?? defaultPanel(panels));

  /** Opens a panel and moves focus to its tab, or to its first field for the "write something" keys. */
  const open = (panel: Panel, focus: 'tab' | 'field') => {
    setChosen(panel);
    focusSoon(() => (focus === 'field' ? panelField(panel) : tabElement(panel)));
  };

  const actions: ScreenAction[] = panels.map((panel, index) => ({
    id: `panel:${slug(panel)}`,
    label: `${panel} panel`,
    keywords: ['open', 'panel', 'tab', ...(PANEL_WORDS[panel] ?? [])],
    shortcut: panelKey(index),
    // The item's workflow first in the palette, then the header's buttons, then assigning.
    priority: 2,
    run: () => open(panel, 'tab'),
  }));
  if (panels.includes('Add Notes'))
    actions.push({
      id: 'write-note',
      label: 'Add a note…',
      keywords: ['comment', 'write'],
      shortcut: ORDER_KEYS.note,
      priority: 2,
      run: () => open('Add Notes', 'field'),
    });
  if (panels.includes('Escalate'))
    actions.push({
      id: 'write-escalation',
      label: 'Escalate…',
      keywords: ['escalation', 'problem', 'admin'],
      shortcut: ORDER_KEYS.escalate,
      priority: 2,
      run: () => open('Escalate', 'field'),
    });
  useScreenActions(actions);

  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label="Actions">
      <Tabs
        id={TABS_ID}
        value={active ? slug(active) : null}
        onChange={(value) => setChosen(panels.find((p) => slug(p) === value) ?? null)}
        keepMounted={false}
        variant="default"
        styles={{
          list: { paddingInline: 'var(--mantine-spacing-xs)' },
          tab: { paddingInline: 10, fontSize: 'var(--mantine-font-size-sm)' },
        }}
      >
        <Tabs.List>
          {panels.map((panel, index) => {
            const key = panelKey(index);
            return (
              <Tabs.Tab
                key={panel}
                value={slug(panel)}
                fw={500}
                aria-label={panel}
                aria-keyshortcuts={key}
                data-key={key}
                className={classes.tab}
              >
                {panel}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {panels.map((panel) => {
          const Component = PANEL_COMPONENTS[panel];
          return (
            <Tabs.Panel key={panel} value={slug(panel)} p="md">
              <Component />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Card>
  );
}
