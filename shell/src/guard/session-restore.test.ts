import { useSession } from 'shared-kernel/runtime';
import { restoreSessionFromStorage } from './session-restore';
import { users } from '../test/fixtures';

describe('session pickup from localStorage', () => {
  beforeEach(() => useSession.setState({ user: null, jwt: null, masterAccount: null, shop: null }));

  it('accepts the zustand persist format written by another writer (version 0)', () => {
    const raw = JSON.stringify({ state: { user: users.owner, jwt: 'abc', masterAccount: null, shop: null }, version: 0 });
    expect(restoreSessionFromStorage({ getItem: () => raw })).toBe(true);
    expect(useSession.getState().jwt).toBe('abc');
    expect(useSession.getState().user?.email).toBe('owner@demo.test');
  });

  it('ignores garbage and keeps an existing session', () => {
    expect(restoreSessionFromStorage({ getItem: () => '{not json' })).toBe(false);
    useSession.setState({ jwt: 'kept' });
    expect(restoreSessionFromStorage({ getItem: () => JSON.stringify({ state: { jwt: 'other' } }) })).toBe(false);
    expect(useSession.getState().jwt).toBe('kept');
  });
});
