/**
 * The action panels the server offers the signed-in user for this item, as tabs in the server's order
 * ("Modify Order" first, "Add Notes" last). The SPA never decides which panels exist; it only opens the one
 * the item most likely needs next.
 */
import { Card, Tabs } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import type { Panel } from '../../../domain/panels';
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

/** Panels that are always around; the tab opened first is the state's own step when there is one. */
/** A tab value without spaces or symbols: Mantine builds element ids from it. */
const slug = (panel: Panel) => panel.toLowerCase().replace(/[^a-z]+/g, '-');

const GENERAL: ReadonlySet<Panel> = new Set<Panel>(['Modify Order', 'Escalate', 'Add Notes']);

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

  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label="Actions">
      <Tabs
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
          {panels.map((panel) => (
            <Tabs.Tab key={panel} value={slug(panel)} fw={500}>
              {panel}
            </Tabs.Tab>
          ))}
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
