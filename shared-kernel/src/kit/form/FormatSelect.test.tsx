/** @jest-environment jsdom */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { MESSAGES } from 'shared-kernel/validation';
import { renderPage } from '../../testing';
import { FormField } from './FormField';
import { FormatSelect, type FormatSelectProps } from './FormatSelect';
import { useZodForm } from './use-zod-form';
import { SubmitButton, ZodForm } from './ZodForm';

interface Option {
  value: number;
  label: string;
  priceHT?: number;
}
const CATALOGUE: Option[] = [
  { value: 7, label: 'Chablis – 2022 – 75 cl', priceHT: 1250 },
  { value: 8, label: 'Chablis – 2022 – 150 cl', priceHT: 2600 },
  { value: 9, label: 'Crémant – 37,5 cl', priceHT: 900 },
];

const schema = z.object({
  formatId: z
    .number({ error: MESSAGES.needed })
    .nullable()
    .refine((v) => v !== null, MESSAGES.needed),
});
type Values = z.input<typeof schema>;

/** A form as a remote writes one: its own server search (here a filter of CATALOGUE), the kit's select in a FormField. */
function LineForm({
  initial = null,
  onSubmit,
  onPick,
  ...props
}: { initial?: number | null; onSubmit: (v: Values) => void; onPick?: (o: Option | undefined) => void } & Partial<
  FormatSelectProps<Option>
>) {
  const form = useZodForm(schema, { defaultValues: { formatId: initial } });
  const [q, setQ] = useState('');
  const searched = q ? CATALOGUE.filter((o) => o.label.toLowerCase().includes(q.toLowerCase())) : CATALOGUE.slice(0, 2);
  return (
    <ZodForm form={form} onSubmit={onSubmit}>
      <FormField
        name="formatId"
        label="Format"
        required
        render={(field, a11y) => (
          <FormatSelect<Option>
            value={field.value as number | null}
            onChange={(v, option) => {
              field.onChange(v);
              onPick?.(option);
            }}
            onBlur={field.onBlur}
            a11y={a11y}
            options={searched}
            onSearch={setQ}
            {...props}
          />
        )}
      />
      <SubmitButton />
    </ZodForm>
  );
}

const combobox = () => screen.getByRole('combobox', { name: /^Format/ });
const listedLabels = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));

describe('FormatSelect', () => {
  it('lists the found formats by label, searches on typing, and puts the chosen id in the form', async () => {
    const onSubmit = jest.fn();
    const onPick = jest.fn();
    renderPage(<LineForm onSubmit={onSubmit} onPick={onPick} />, { route: '/x' });
    expect(screen.getByText('Rechercher un produit')).toBeInTheDocument();

    await userEvent.click(combobox());
    await waitFor(() => expect(listedLabels()).toEqual(['Chablis – 2022 – 75 cl', 'Chablis – 2022 – 150 cl']));
    await userEvent.type(combobox(), 'crém');
    await waitFor(() => expect(listedLabels()).toEqual(['Crémant – 37,5 cl']));
    await userEvent.click(within(document.querySelector('.ant-select-dropdown') as HTMLElement).getByText('Crémant – 37,5 cl'));
    expect(onPick).toHaveBeenCalledWith(CATALOGUE[2]);

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ formatId: 9 }));
  });

  it('is tied to its FormField: the required mark and the schema message under it', async () => {
    const onSubmit = jest.fn();
    renderPage(<LineForm onSubmit={onSubmit} />, { route: '/x' });
    expect(combobox()).toHaveAttribute('aria-required', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(combobox()).toHaveAttribute('aria-invalid', 'true'));
    expect(combobox()).toHaveAccessibleDescription(MESSAGES.needed);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a saved format the search did not return by its label, else its bare id', () => {
    const first = renderPage(<LineForm initial={42} selectedLabel="Pommard – 2019 – 75 cl" onSubmit={jest.fn()} />, { route: '/x' });
    expect(document.querySelector('.ant-select-content, .ant-select-selection-item')).toHaveTextContent('Pommard – 2019 – 75 cl');
    first.unmount();

    renderPage(<LineForm initial={42} onSubmit={jest.fn()} />, { route: '/x' });
    expect(document.querySelector('.ant-select-content, .ant-select-selection-item')).toHaveTextContent('42');
  });

  it('renders an option its own way, the plain label kept as its title', async () => {
    renderPage(<LineForm onSubmit={jest.fn()} renderOption={(o) => <span>{`${o.label} · ${o.priceHT} c`}</span>} />, { route: '/x' });
    await userEvent.click(combobox());
    await waitFor(() => expect(screen.getByText('Chablis – 2022 – 75 cl · 1250 c')).toBeInTheDocument());
    expect(listedLabels()).toEqual(['Chablis – 2022 – 75 cl', 'Chablis – 2022 – 150 cl']);
  });

  it('says when nothing is found (loading first), and can be disabled', async () => {
    const page = renderPage(<LineForm onSubmit={jest.fn()} options={[]} loading />, { route: '/x' });
    await userEvent.click(combobox());
    await waitFor(() => expect(screen.getByText('Chargement…')).toBeInTheDocument());
    page.unmount();

    const second = renderPage(<LineForm onSubmit={jest.fn()} options={[]} emptyText="Aucun article" />, { route: '/x' });
    await userEvent.click(combobox());
    await waitFor(() => expect(screen.getByText('Aucun article')).toBeInTheDocument());
    second.unmount();

    renderPage(<LineForm onSubmit={jest.fn()} disabled placeholder="Rechercher un vin" />, { route: '/x' });
    expect(screen.getByText('Rechercher un vin')).toBeInTheDocument();
    expect(combobox()).toBeDisabled();
  });
});
