/** @jest-environment jsdom */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { renderPage } from '../../testing';
import { EditableList, type EditableListProps } from './EditableList';
import { FormField } from './FormField';
import { useZodForm } from './use-zod-form';
import { ZodForm } from './ZodForm';

const schema = z.object({ stages: z.array(z.object({ label: z.string().min(1, 'Nom requis') })).min(1, 'Ajoutez au moins une étape') });
type Stages = z.input<typeof schema>;

function StagesForm({ initial, list = {} }: { initial: string[]; list?: Partial<EditableListProps<{ id: string }>> & { max?: number } }) {
  const form = useZodForm(schema, { defaultValues: { stages: initial.map((label) => ({ label })) } as Stages });
  const stages = useFieldArray({ control: form.control, name: 'stages' });
  const { max, ...props } = list;
  return (
    <ZodForm form={form} onSubmit={() => undefined}>
      <EditableList
        array={stages}
        label="Étapes"
        empty="Aucune étape"
        error={form.formState.errors.stages}
        move
        add={{ label: 'Ajouter une étape', max, onAdd: () => stages.append({ label: '' }, { shouldFocus: true }) }}
        renderItem={(_, i, item) => (
          <div role="group" aria-label={`Étape ${i + 1}`}>
            <FormField name={`stages.${i}.label`} label={`Nom de l'étape ${i + 1}`} />
            {item.actions}
          </div>
        )}
        {...props}
      />
      <button type="submit">Valider</button>
    </ZodForm>
  );
}

const names = () =>
  within(screen.getByRole('list', { name: 'Étapes' }))
    .getAllByRole('textbox')
    .map((i) => (i as HTMLInputElement).value);

describe('EditableList', () => {
  it('shows the rows in a labelled list, each with its buttons named by the kit by default', () => {
    renderPage(<StagesForm initial={['Contact', 'Devis']} />);
    const list = screen.getByRole('list', { name: 'Étapes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(names()).toEqual(['Contact', 'Devis']);
    expect(screen.getByRole('button', { name: "Retirer l'élément 2" })).toHaveTextContent('✕');
    expect(screen.getByRole('button', { name: "Monter l'élément 1" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Descendre l'élément 2" })).toBeDisabled();
    expect(screen.queryByText('Aucune étape')).not.toBeInTheDocument();
  });

  it('adds a row with the keyboard in it, and disables « add » at the maximum', async () => {
    renderPage(<StagesForm initial={['Contact']} list={{ max: 2 }} />);
    const add = screen.getByRole('button', { name: 'Ajouter une étape' });
    await userEvent.click(add);
    expect(screen.getByLabelText("Nom de l'étape 2")).toHaveFocus();
    expect(add).toBeDisabled();
  });

  it('removes a row, keeps the keyboard in the list, then shows the empty text and the list’s error', async () => {
    renderPage(<StagesForm initial={['Contact', 'Devis']} />);
    await userEvent.click(screen.getByRole('button', { name: "Retirer l'élément 1" }));
    expect(names()).toEqual(['Devis']);
    expect(screen.getByRole('button', { name: "Retirer l'élément 1" })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: "Retirer l'élément 1" }));
    expect(screen.getByText('Aucune étape')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter une étape' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ajoutez au moins une étape');
  });

  it('moves a row up and down; the focus stays on an enabled arrow of the moved row', async () => {
    renderPage(<StagesForm initial={['Contact', 'Devis', 'Signature']} />);
    await userEvent.click(screen.getByRole('button', { name: "Monter l'élément 2" }));
    expect(names()).toEqual(['Devis', 'Contact', 'Signature']);
    expect(screen.getByRole('button', { name: "Descendre l'élément 1" })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(names()).toEqual(['Contact', 'Devis', 'Signature']);
    await userEvent.click(screen.getByRole('button', { name: "Descendre l'élément 2" }));
    expect(names()).toEqual(['Contact', 'Signature', 'Devis']);
    expect(screen.getByRole('button', { name: "Monter l'élément 3" })).toHaveFocus();
  });

  it('takes the screen’s names, text, minimum and a custom removal', async () => {
    const onRemove = jest.fn();
    const remove = { label: (i: number) => `Supprimer l'étape ${i + 1}`, text: 'Supprimer', title: true, onRemove };
    const move = { upLabel: (i: number) => `Monter l'étape ${i + 1}`, downLabel: (i: number) => `Descendre l'étape ${i + 1}` };
    const view = renderPage(<StagesForm initial={['Contact', 'Devis']} list={{ move, remove: { ...remove, min: 2 } }} />);
    const first = screen.getByRole('button', { name: "Supprimer l'étape 1" });
    expect(first).toHaveTextContent('Supprimer');
    expect(first).toHaveAttribute('title', "Supprimer l'étape 1");
    expect(first).toBeDisabled();
    expect(screen.getByRole('button', { name: "Descendre l'étape 1" })).toBeEnabled();
    view.unmount();

    renderPage(<StagesForm initial={['Contact', 'Devis']} list={{ remove: { ...remove, min: 1 } }} />);
    await userEvent.click(screen.getByRole('button', { name: "Supprimer l'étape 2" }));
    expect(onRemove).toHaveBeenCalledWith(1);
    expect(names()).toEqual(['Contact', 'Devis']);
  });

  it('read-only: the fields stay, no button at all; disabled: every button disabled', () => {
    const view = renderPage(<StagesForm initial={['Contact']} list={{ readOnly: true }} />);
    expect(names()).toEqual(['Contact']);
    expect(screen.queryByRole('button', { name: /élément|Ajouter/ })).not.toBeInTheDocument();
    view.unmount();
    renderPage(<StagesForm initial={['Contact', 'Devis']} list={{ disabled: true }} />);
    for (const name of ["Retirer l'élément 1", "Descendre l'élément 1", "Monter l'élément 2", 'Ajouter une étape'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
  });
});
