import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert, Button, PasswordInput, RadioGroup } from './ui';

describe('auth controls', () => {
  it('the password field shows what is typed on demand, and stays labelled by its own label', async () => {
    render(
      <label>
        Mot de passe
        <PasswordInput defaultValue="Secret12" />
      </label>,
    );
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: /^(Afficher|Show)$/ }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: /^(Masquer|Hide)$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByLabelText(/mot de passe/i)).toHaveLength(1);
  });

  it('a loading button is disabled and busy; an error alert is announced', () => {
    render(
      <>
        <Button loading>Se connecter</Button>
        <Alert type="error" title="Le mail et/ou le mot de passe sont incorrects." />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Le mail et/ou le mot de passe sont incorrects.');
  });

  it('radios are native: arrow keys move the choice', async () => {
    const picked: string[] = [];
    render(
      <RadioGroup
        name="k"
        value="a"
        onChange={(v) => picked.push(v)}
        options={[
          { value: 'a', label: 'Particulier' },
          { value: 'b', label: 'Professionnel' },
        ]}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Particulier' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Professionnel' }));
    expect(picked).toEqual(['b']);
  });
});
