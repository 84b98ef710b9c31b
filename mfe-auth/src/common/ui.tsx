/**
 * The controls of the auth screens (/auth/*): labelled inputs, a password field that can show what is typed,
 * buttons, alerts, a radio group and a checkbox. The sign-in page is a public entry point opened on phones: these
 * keep antd (≈ 420 KB) off it. Native elements, so keyboard, screen readers and autofill work as is.
 */
import { forwardRef, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTexts } from '../texts';
import './ui.css';

export function Spin({ size }: { size?: 'small' }) {
  return <span className={size === 'small' ? 'wza-spin wza-spin--small' : 'wza-spin'} aria-hidden="true" />;
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'primary' | 'default';
  size?: 'small' | 'large';
  htmlType?: 'button' | 'submit';
  loading?: boolean;
};

export function Button({ variant = 'default', size, htmlType = 'button', loading, disabled, children, className, ...rest }: ButtonProps) {
  const cls = ['wza-btn', variant === 'primary' && 'wza-btn--primary', size === 'small' && 'wza-btn--small', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={htmlType} className={cls} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spin size="small" />}
      <span>{children}</span>
    </button>
  );
}

const ICONS = { error: '✕', success: '✓', info: 'i', warning: '!' } as const;

export function Alert({
  type,
  title,
  description,
  action,
  role,
  onClose,
  closeLabel,
}: {
  type: keyof typeof ICONS;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
  /** a close button (with this accessible name) */
  onClose?: () => void;
  closeLabel?: string;
}) {
  return (
    <div className={`wza-alert wza-alert--${type}`} role={role ?? (type === 'error' ? 'alert' : 'status')}>
      <span className="wza-alert__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <div className="wza-alert__body">
        <div className="wza-alert__title">{title}</div>
        {description && <div>{description}</div>}
      </div>
      {action && <div className="wza-alert__action">{action}</div>}
      {onClose && (
        <button type="button" className="wza-alert__close" aria-label={closeLabel} onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { invalid?: boolean };

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ invalid, className, ...rest }, ref) {
  return (
    <input
      {...rest}
      ref={ref}
      className={['wza-input', className].filter(Boolean).join(' ')}
      aria-invalid={invalid || rest['aria-invalid'] || undefined}
    />
  );
});

/** A password input with a 'Afficher' / 'Masquer' button (what is typed on a phone keyboard can be checked). */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const t = useTexts();
  const [shown, setShown] = useState(false);
  return (
    <span className="wza-password">
      <Input {...props} ref={ref} type={shown ? 'text' : 'password'} />
      {/* named by its visible text only: 'Afficher' (pressed or not) right after the password field */}
      <button
        type="button"
        className="wza-password__toggle"
        aria-pressed={shown}
        aria-controls={props.id}
        title={shown ? t.common.hidePassword : t.common.showPassword}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t.common.hide : t.common.show}
      </button>
    </span>
  );
});

export function Checkbox({
  checked,
  onChange,
  onBlur,
  children,
  inputRef,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  children: ReactNode;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  return (
    <label className="wza-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} ref={inputRef} />
      <span>{children}</span>
    </label>
  );
}

/** Options as buttons that behave as radios (arrow keys move between them; wraps on a phone). */
export function RadioGroup({
  name,
  value,
  onChange,
  options,
  ariaLabelledBy,
}: {
  name: string;
  value: string | undefined;
  onChange: (v: string) => void;
  options: Array<{ value: string; label: string }>;
  ariaLabelledBy?: string;
}) {
  return (
    <div className="wza-radios" role="radiogroup" aria-labelledby={ariaLabelledBy}>
      {options.map((o) => (
        <label key={o.value} className="wza-radio">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
