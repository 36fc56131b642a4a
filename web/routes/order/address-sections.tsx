/**
 * The order's billing and shipping addresses on the details card: each field edited on its own; a shipping
 * address added whole, or removed (after a confirmation) so the order ships to the billing address.
 */
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import type { Address, OrderItemDetail } from '../../../domain/contract/order-item';
import { type AddressInput, AddressInputSchema } from '../../../domain/contract/order-item-actions';
import { countryName, countryOptions } from '../../../domain/options';
import { issuesByField } from '../../components/form';
import {
  type AddressRecord,
  addressLines,
  EditableField,
  Plain,
  Row,
  SAVE_FAILED,
  Section,
} from './details-fields';
import { useDraft } from './drafts';
import { itemPath } from './order-api';
import { useAction } from './panel-kit';

/** The address's text fields, in the order a label reads them. */
const ADDRESS_INPUTS: readonly { field: keyof AddressInput; label: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'line_1', label: 'Address line 1' },
  { field: 'line_2', label: 'Address line 2' },
  { field: 'city', label: 'Town or city' },
  { field: 'state', label: 'County or state' },
  { field: 'zip', label: 'Postcode' },
];

/** An address's fields, each edited on its own. */
function AddressFields({
  record,
  address,
  editable,
}: {
  record: AddressRecord;
  address: Address;
  editable: boolean;
}) {
  const countries = useMemo(countryOptions, []);
  const which = record === 'billing_address_attributes' ? 'Billing' : 'Shipping';
  const edit = { record, recordId: address.id, editable };
  const aria = (label: string) => `${which} ${label.toLowerCase()}`;
  return (
    <>
      {ADDRESS_INPUTS.map(({ field, label }) => (
        <EditableField
          key={field}
          {...edit}
          label={label}
          field={field}
          value={address[field]}
          ariaLabel={aria(label)}
        />
      ))}
      <EditableField
        {...edit}
        label="Country"
        field="country_code"
        value={address.country_code}
        display={countryName(address.country_code)}
        kind="select"
        options={countries}
        ariaLabel={aria('Country')}
      />
    </>
  );
}

export function BillingSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  return (
    <Section title="Billing address">
      <AddressFields
        record="billing_address_attributes"
        address={item.order.billing_address}
        editable={editable}
      />
    </Section>
  );
}

/** A new shipping address, typed whole; the order then ships there instead of the billing address. */
function AddShippingForm({ item, onDone }: { item: OrderItemDetail; onDone: () => void }) {
  const countries = useMemo(countryOptions, []);
  const billing = item.order.billing_address;
  const draft = useDraft<Record<keyof AddressInput, string>>(
    'add-shipping',
    {
      name: billing.name,
      line_1: '',
      line_2: '',
      city: '',
      state: '',
      zip: '',
      country_code: billing.country_code,
    },
    item.lock_version,
  );
  const save = useAction('', () => 'Shipping address added.');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = Object.fromEntries(
      Object.entries(draft.values).map(([k, v]) => [k, v.trim() === '' ? null : v.trim()]),
    );
    const parsed = AddressInputSchema.safeParse(values);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return;
    const ok = await save.run({
      method: 'put',
      path: itemPath(item),
      body: { shipping_address_attributes: parsed.data },
      draft,
    });
    if (ok) onDone();
  };
  const fieldError = (name: string) => errors[name] ?? save.failure?.fields[name];
  return (
    <form onSubmit={submit} noValidate aria-label="New shipping address">
      <Stack gap="xs">
        {ADDRESS_INPUTS.map(({ field, label }) => (
          <TextInput
            key={field}
            size="xs"
            label={`Shipping ${label.toLowerCase()}`}
            value={draft.values[field]}
            onChange={(e) => draft.set({ [field]: e.currentTarget.value })}
            error={fieldError(field)}
            required={field !== 'line_2' && field !== 'state'}
          />
        ))}
        <Select
          size="xs"
          label="Shipping country"
          searchable
          required
          data={countries}
          value={draft.values.country_code || null}
          onChange={(v) => draft.set({ country_code: v ?? '' })}
          error={fieldError('country_code')}
          comboboxProps={{ withinPortal: true }}
        />
        {save.failure && !Object.keys(save.failure.fields).length && (
          <Alert role="alert" color="red" variant="light" p="xs" title={SAVE_FAILED}>
            {save.failure.message}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="xs" loading={save.pending}>
            Save shipping address
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              draft.reset();
              onDone();
            }}
            disabled={save.pending}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Removing the shipping address, after a confirmation: the order then ships to the billing address. */
function RemoveShipping({ item, address }: { item: OrderItemDetail; address: Address }) {
  const [asking, setAsking] = useState(false);
  const remove = useAction('', () => 'Shipping address removed: the order ships to the billing address.');
  if (!asking) {
    return (
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setAsking(true)}>
        Remove shipping address
      </Button>
    );
  }
  return (
    <Alert color="orange" variant="light" p="xs" title="Ship to the billing address instead?">
      <Stack gap={6}>
        <Text size="sm">
          {address.name}, {addressLines(address)} will be removed from order {item.order.ref}.
        </Text>
        {remove.failure && (
          <Text size="sm" c="red.8" role="alert">
            {SAVE_FAILED}: {remove.failure.message}
          </Text>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            color="red"
            loading={remove.pending}
            onClick={() =>
              remove.run({
                method: 'put',
                path: itemPath(item),
                body: { shipping_address_attributes: { id: address.id, _destroy: true } },
              })
            }
          >
            Remove it
          </Button>
          <Button size="xs" variant="default" onClick={() => setAsking(false)} disabled={remove.pending}>
            Keep it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function ShippingSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const address = item.order.shipping_address;
  if (!address) {
    return (
      <Section title="Shipping address">
        <Row label="Ship to">
          <Plain>Same as the billing address</Plain>
        </Row>
        {editable &&
          (adding ? (
            <AddShippingForm item={item} onDone={() => setAdding(false)} />
          ) : (
            <Group>
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setAdding(true)}
              >
                Add a shipping address
              </Button>
            </Group>
          ))}
      </Section>
    );
  }
  return (
    <Section title="Shipping address">
      <AddressFields record="shipping_address_attributes" address={address} editable={editable} />
      {editable && (
        <Group>
          <RemoveShipping item={item} address={address} />
        </Group>
      )}
    </Section>
  );
}
