import { useState } from 'react';
import { useNavigate } from 'shared-kernel/router';
import CarOutlined from '@ant-design/icons/es/icons/CarOutlined';

export const AGENT_TOUR_KEY = 'wz-agent-tour';

function readTour(): boolean {
  try {
    return window.localStorage.getItem(AGENT_TOUR_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Agents switch between the tour mode (visiting producers: the Producteurs list) and
 * the dashboard. The choice is remembered locally.
 */
export function AgentTourSwitch() {
  const navigate = useNavigate();
  const [tour, setTour] = useState(readTour);
  const toggle = () => {
    const next = !tour;
    setTour(next);
    try {
      window.localStorage.setItem(AGENT_TOUR_KEY, next ? '1' : '0');
    } catch {
      /* ignore */
    }
    void navigate(next ? '/shops' : '/dashboard');
  };
  return (
    <button type="button" className="wz-btn wz-btn--text" aria-pressed={tour} onClick={toggle}>
      <CarOutlined aria-hidden /> {tour ? 'Mode tableau de bord' : 'Mode tournée'}
    </button>
  );
}
