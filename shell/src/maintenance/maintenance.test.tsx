import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, resetStores } from '../test/render';
import { MaintenanceGate } from './Maintenance';

function renderGate() {
  return render(
    <MaintenanceGate enabled>
      <p>Application</p>
    </MaintenanceGate>,
  );
}

beforeEach(() => resetStores());

describe('maintenance', () => {
  it('banner mode: dismissable banner above the app', async () => {
    mockFetch({ 'GET /v1/maintenances': { banner: 'Maintenance ce soir de 22h à 23h', page: false, startDate: null, endDate: null } });
    renderGate();
    expect(await screen.findByText('Maintenance ce soir de 22h à 23h')).toBeInTheDocument();
    expect(screen.getByText('Application')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fermer le bandeau de maintenance' }));
    expect(screen.queryByText('Maintenance ce soir de 22h à 23h')).toBeNull();
    expect(screen.getByText('Application')).toBeInTheDocument();
  });

  it('page mode: full-page screen with dates instead of the app', async () => {
    mockFetch({ 'GET /v1/maintenances': { banner: null, page: true, startDate: '2025-06-01T20:00:00', endDate: '2025-06-01T22:00:00' } });
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Maintenance en cours' })).toBeInTheDocument();
    expect(screen.getByText(/01\/06\/2025 20:00/)).toBeInTheDocument();
    expect(screen.queryByText('Application')).toBeNull();
  });

  it('no maintenance: the app only', async () => {
    const f = mockFetch({ 'GET /v1/maintenances': null });
    renderGate();
    await waitFor(() => expect(f).toHaveBeenCalled());
    expect(screen.getByText('Application')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
