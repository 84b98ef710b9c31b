import { Input, Typography } from 'antd';
import { useId } from 'react';
import { matchesKeyword } from '../validation/rules';

export interface TypedKeywordConfirmProps {
  /** The word to type (compared ignoring spaces and case). */
  keyword: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with true when the typed text matches. */
  onMatchChange?: (matches: boolean) => void;
  label?: string;
  autoFocus?: boolean;
}

/** Spec §5 typed-keyword confirmation box. */
export function TypedKeywordConfirm({ keyword, value, onChange, onMatchChange, label, autoFocus }: TypedKeywordConfirmProps) {
  const id = useId();
  return (
    <div className="wz-typed-keyword">
      <Typography.Text>
        <label htmlFor={id}>
          {label ?? (
            <>
              Pour confirmer, saisissez « <strong>{keyword}</strong> »
            </>
          )}
        </label>
      </Typography.Text>
      <Input
        id={id}
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value);
          onMatchChange?.(matchesKeyword(e.target.value, keyword));
        }}
        aria-label={`Saisissez ${keyword}`}
      />
    </div>
  );
}

export { matchesKeyword };
