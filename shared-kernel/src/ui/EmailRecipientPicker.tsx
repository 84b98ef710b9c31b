import { Input, Tag, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { MESSAGES } from '../validation/messages';
import { emailSchema } from '../validation/rules';

export interface EmailRecipientPickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Show the 'at least one address' message while empty (e.g. after a submit attempt). */
  showEmptyError?: boolean;
  disabled?: boolean;
}

/** Spec §5 email-recipient list: addresses are added on Enter or Tab when valid and not present. */
export function EmailRecipientPicker({
  value,
  onChange,
  placeholder = 'Ajouter une adresse mail',
  showEmptyError,
  disabled,
}: EmailRecipientPickerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);

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
      {message ? (
        <Typography.Text type="danger" role="alert">
          {message}
        </Typography.Text>
      ) : null}
    </div>
  );
}
