import { Button, Input, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { currentShopId, hasPermission } from '../domain/permissions';
import { api } from '../runtime/api-client';
import { useSession } from '../runtime/session-store';
import { MESSAGES } from '../validation/messages';
import { emailSchema } from '../validation/rules';

/** A member of the viewer's shop as GET /v1/agents answers it. */
interface TeamMember {
  id: number;
  username: string;
  email: string;
  kind: 'owner' | 'iam' | 'agent';
}

/** Suggestions shown at most (the filter narrows them as the address is typed). */
const MAX_SUGGESTIONS = 8;

/**
 * §6: the kinds of team members the viewer may list — collaborators with accessCollaborator, agents with accessAgent
 * (the owner with either) — or none: then the picker does not ask the api at all. Owner and iam only (the roles whose
 * session carries their shop).
 */
function useTeamKinds(): Array<TeamMember['kind']> {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  return useMemo(() => {
    if (!user || (user.role !== 'owner' && user.role !== 'iam')) return [];
    const shopId = currentShopId(user, shop);
    const kinds: Array<TeamMember['kind']> = [];
    if (hasPermission(user, shopId, 'accessCollaborator')) kinds.push('iam');
    if (hasPermission(user, shopId, 'accessAgent')) kinds.push('agent');
    return kinds.length ? [...kinds, 'owner'] : [];
  }, [user, shop]);
}

/** The team's addresses (GET /v1/agents?userType=…), loaded once per kinds; nothing asked when `kinds` is empty. */
function useTeamSuggestions(kinds: Array<TeamMember['kind']>, enabled: boolean): TeamMember[] {
  const [members, setMembers] = useState<TeamMember[]>([]);
  const key = enabled ? kinds.join(',') : '';
  useEffect(() => {
    if (!key) return;
    const ctrl = new AbortController();
    api.get<TeamMember[]>('/agents', { query: { userType: key.split(',') }, silent: true, signal: ctrl.signal }).then(
      (list) => {
        if (!ctrl.signal.aborted) setMembers(list.filter((m) => !!m.email));
      },
      () => undefined, // suggestions only: the picker works without them
    );
    return () => ctrl.abort();
  }, [key]);
  return key ? members : [];
}

export interface EmailRecipientPickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Show the 'at least one address' message while empty (e.g. after a submit attempt). */
  showEmptyError?: boolean;
  disabled?: boolean;
  /** Suggest the viewer's team (§6: only with accessCollaborator / accessAgent). Default true. */
  suggestTeam?: boolean;
}

/** Spec §5 email-recipient list: addresses are added on Enter or Tab when valid and not present. */
export function EmailRecipientPicker({
  value,
  onChange,
  placeholder = 'Ajouter une adresse mail',
  showEmptyError,
  disabled,
  suggestTeam = true,
}: EmailRecipientPickerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const team = useTeamSuggestions(useTeamKinds(), suggestTeam && !disabled);
  const needle = text.trim().toLowerCase();
  const suggestions = team
    .filter((m) => !value.some((v) => v.toLowerCase() === m.email.toLowerCase()))
    .filter((m) => !needle || m.email.toLowerCase().includes(needle) || m.username.toLowerCase().includes(needle))
    .slice(0, MAX_SUGGESTIONS);

  const add = (): boolean => {
    const address = text.trim();
    if (!address) return false;
    const parsed = emailSchema.safeParse(address);
    if (!parsed.success) {
      setError(MESSAGES.recipientInvalid);
      return true;
    }
    const exists = value.some((v) => v.toLowerCase() === parsed.data.toLowerCase());
    if (!exists) onChange([...value, parsed.data]);
    setText('');
    setError(null);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || (e.key === 'Tab' && text.trim())) {
      if (add()) e.preventDefault();
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const emptyError = value.length === 0 && (showEmptyError || touched) ? MESSAGES.recipientsEmpty : null;
  const message = error ?? emptyError;

  return (
    <div className="wz-email-recipients">
      <div role="list" aria-label="Destinataires">
        {value.map((address) => (
          <Tag
            key={address}
            role="listitem"
            closable={!disabled}
            onClose={(e) => {
              e.preventDefault();
              onChange(value.filter((v) => v !== address));
            }}
          >
            {address}
          </Tag>
        ))}
      </div>
      <Input
        value={text}
        disabled={disabled}
        placeholder={placeholder}
        aria-label={placeholder}
        status={message ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTouched(true)}
      />
      {suggestions.length > 0 && (
        <div role="group" aria-label="Suggestions de l’équipe" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 4 }}>
          {suggestions.map((m) => (
            <Button
              key={m.id}
              size="small"
              type="dashed"
              onClick={() => {
                onChange([...value, m.email]);
                setText('');
                setError(null);
              }}
            >
              {m.username} &lt;{m.email}&gt;
            </Button>
          ))}
        </div>
      )}
      {message ? (
        <Typography.Text type="danger" role="alert">
          {message}
        </Typography.Text>
      ) : null}
    </div>
  );
}
